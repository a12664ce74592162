import { MyBudget } from '../../../features/budget/components/my-budget';

/** meu-orcamento: the client's budget of a month (client only, product §6); `?mes=2026-11` picks the month. */
export function MyBudgetRoute() {
  return <MyBudget />;
}
