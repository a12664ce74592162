import { findCurrentMonth, parseTargetMonth } from '@prumo/domain/budget/target-month';
import { useSearchParams } from 'react-router';

/** The `mes` query of the address ("2026-11"), so a month can be linked and survives a reload. */
const monthParameter = 'mes';

/** The month a budget screen shows: the address's, else the current month in Brasília. */
export function useBudgetMonth(): [string, (targetMonth: string) => void] {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const typed = searchParameters.get(monthParameter);
  const targetMonth = (typed ? parseTargetMonth(typed) : null) ?? findCurrentMonth(new Date());
  const setTargetMonth = (next: string) => {
    const parameters = new URLSearchParams(searchParameters);
    parameters.set(monthParameter, next.slice(0, 7));
    setSearchParameters(parameters, { replace: true });
  };
  return [targetMonth, setTargetMonth];
}
