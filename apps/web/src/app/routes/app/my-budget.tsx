import { Anchor, Group, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { MyBudget } from '../../../features/budget/components/my-budget';

/** meu-orcamento: the client's budget of a month (client only); `?mes=2026-11` picks the month. */
export function MyBudgetRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Anchor component={Link} to={paths.app.routes['orcamento-ideal'].getHref(organization)} size="sm">
          Orçamento ideal
        </Anchor>
      </Group>
      <MyBudget />
    </Stack>
  );
}
