import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { GatewaySettingsSection } from '../../../features/payment-gateway/components/gateway-settings-section';
import { BankAccountsSection } from '../../../features/plans/components/bank-accounts-section';
import { FinancialFlagNotice } from '../../../features/plans/components/financial-flag-notice';
import { ManagingPartnersSection } from '../../../features/plans/components/managing-partners-section';
import { PlansSection } from '../../../features/plans/components/plans-section';
import { describeError } from '../../../lib/errors';
import { listEnabledToggles, useOrganization } from '../../../lib/organization';

/** One section of the Financeiro screen: a feature's own component. */
interface FinancialSection {
  key: string;
  Section: ComponentType<{ canManage: boolean }>;
  /** Its calls answer 403 while the organization's financial flag is off: then it is not shown. */
  needsFinancialFlag: boolean;
}

/** The payment gateway's settings belong to the organization the address names. */
function PaymentGatewaySection() {
  const { organization = '' } = useParams();
  return <GatewaySettingsSection organization={organization} />;
}

/**
 * The screen's sections, in order. Each feature brings its own, and each is told whether the
 * manager may change things (the gateway's settings show only with the flag on, so always may).
 */
const financialSections: readonly FinancialSection[] = [
  { key: 'planos', Section: PlansSection, needsFinancialFlag: false },
  { key: 'contas-bancarias', Section: BankAccountsSection, needsFinancialFlag: true },
  { key: 'socios-administradores', Section: ManagingPartnersSection, needsFinancialFlag: true },
  { key: 'gateway-de-pagamento', Section: PaymentGatewaySection, needsFinancialFlag: true },
];

/** Financeiro (managers): the organization's plans, bank accounts, managing partners and card gateway. */
export function FinancialSettingsRoute() {
  const { organization: slug = '' } = useParams();
  const organization = useOrganization(slug);
  if (organization.isPending) return <PageLoader />;
  if (organization.isError) {
    return <ErrorState message={describeError(organization.error)} onRetry={() => organization.refetch()} />;
  }
  const financialOn = listEnabledToggles(organization.data).has('financial');
  return (
    <Stack key={organization.data.slug} gap="md">
      {financialOn ? null : <FinancialFlagNotice />}
      {financialSections
        .filter((section) => financialOn || !section.needsFinancialFlag)
        .map(({ key, Section }) => (
          <Section key={key} canManage={financialOn} />
        ))}
    </Stack>
  );
}
