import { Alert, Anchor, Stack } from '@mantine/core';
import { findRoleByAddressWord } from '@prumo/domain/auth/roles';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { RegistrationForm } from '../../../features/registration/components/registration-form';

/** cadastro/:role/:hash/:plan? — the role word is cliente, planejador or gestor. */
export function RegistrationRoute() {
  const { organization = '', role: roleWord = '', hash = '', plan } = useParams();
  const role = findRoleByAddressWord(roleWord);
  if (!role) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="Endereço de cadastro inválido">
          O tipo de cadastro "{roleWord}" não existe. Confira o link que você recebeu.
        </Alert>
        <Anchor component={Link} to={paths.organization.login.getHref(organization)} size="sm">
          Ir para o login
        </Anchor>
      </Stack>
    );
  }
  return (
    <RegistrationForm
      key={`${role}-${hash}`}
      organization={organization}
      hash={hash}
      plan={plan}
      registration={{ kind: 'full', role }}
    />
  );
}
