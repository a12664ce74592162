import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** A planner on a client screen without a client in the address: the API would answer 400. */
export function ClientRequiredNotice({ organization }: { organization: string }) {
  return (
    <Alert color="blue" variant="light" title="Escolha um cliente">
      <Text size="sm">
        Para ver o caixa ou os arquivos de um cliente, abra-o pela lista de clientes.{' '}
        <Anchor component={Link} to={paths.app.routes.dashboard.getHref(organization)} size="sm">
          Ir para o Dashboard
        </Anchor>
      </Text>
    </Alert>
  );
}
