import { OrganizationRegisterWizard } from '../../features/organization/components/organization-register-wizard';

export function OrganizationRegisterRoute() {
  return <OrganizationRegisterWizard />;
}
