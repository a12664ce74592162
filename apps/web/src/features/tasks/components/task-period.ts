import { describeMonth } from '@prumo/domain/tasks/task-rules';
import { formatIsoDate } from '../../../lib/format';
import type { Task } from '../../../types/tasks-api';

/** A planning shows its month ("novembro/2026"); other tasks their days, when they have any. */
export function describeTaskPeriod(task: Task): string {
  if (task.type === 'budget-planning' && task.start) return describeMonth(task.start);
  if (task.start && task.end) return `${formatIsoDate(task.start)} a ${formatIsoDate(task.end)}`;
  if (task.start) return `A partir de ${formatIsoDate(task.start)}`;
  if (task.end) return `Até ${formatIsoDate(task.end)}`;
  return '—';
}
