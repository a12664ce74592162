import type { Task } from '@prumo/contract/tasks';
import { formatMonthWithSlash } from '@prumo/domain/budget/target-month';
import { formatIsoDate } from '../../../lib/format';

/** A planning shows its month ("novembro/2026"); other tasks their days, when they have any. */
export function describeTaskPeriod(task: Task): string {
  if (task.type === 'budget-planning' && task.start) return formatMonthWithSlash(task.start);
  if (task.start && task.end) return `${formatIsoDate(task.start)} a ${formatIsoDate(task.end)}`;
  if (task.start) return `A partir de ${formatIsoDate(task.start)}`;
  if (task.end) return `Até ${formatIsoDate(task.end)}`;
  return '—';
}
