import { z } from 'zod';
import { validationMessages } from '../account/messages';
import { parseDay } from '../br/date';
import { formatMonthWithSlash, parseTargetMonth, targetMonthNotFound } from '../budget/target-month';
import { DatabaseIdTextSchema } from '../records/database-id';

/** The kinds of task, their states and how people see them. */

export const taskTypes = ['import', 'budget-planning', 'categorizing', 'notification'] as const;
export type TaskType = (typeof taskTypes)[number];

export const taskStatuses = ['pending', 'rejected', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Pending is shown as new, rejected is a task the user ignored. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  pending: 'Nova',
  rejected: 'Ignorada',
  done: 'Concluída',
};

export const taskTypeLabels: Record<TaskType, string> = {
  import: 'Importação',
  'budget-planning': 'Planejamento do orçamento',
  categorizing: 'Categorização',
  notification: 'Aviso',
};

export function isTaskType(value: string): value is TaskType {
  return (taskTypes as readonly string[]).includes(value);
}

export const taskMessages = {
  notFound: 'Tarefas não encontradas',
  unknownType: 'Tipo de tarefa desconhecido: use import, budget-planning, categorizing ou notification.',
  endBeforeStart: 'A data final deve ser igual ou posterior à data inicial.',
  monthRequired: 'Informe o mês do planejamento (data inicial).',
  noticeTitleRequired: 'Informe o título do aviso.',
  messageTooLong: 'Limite de 1000 caracteres excedido',
  statusInvalid: 'Status inválido: use pending, rejected ou done.',
  categorizingAlreadyOpen: 'Este cliente já tem uma tarefa de categorização pendente.',
  onlyClientIgnores: 'Só o cliente pode ignorar uma tarefa.',
  doneCannotBeIgnored: 'Uma tarefa concluída não pode ser ignorada.',
  /** A planning not sent, or with nothing planned, cannot be finished nor accepted. */
  planningNotFinished: 'Planejamento não finalizado',
  created: 'Tarefa criada',
  deleted: 'Tarefa excluída',
} as const;

export function describeBudgetPlanningAlreadyOpen(monthLabel: string): string {
  return `Este cliente já tem uma tarefa de planejamento pendente para ${monthLabel}.`;
}

/** "2026-11-05" → "05/11/2026". */
function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The last day of the month of "YYYY-MM-DD", as "YYYY-MM-DD". */
export function findMonthEnd(isoDate: string): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${isoDate.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`;
}

function describePeriod(start: string | null, end: string | null): string {
  if (start && end) return start === end ? ` de ${formatDay(start)}` : ` de ${formatDay(start)} a ${formatDay(end)}`;
  if (start) return ` a partir de ${formatDay(start)}`;
  if (end) return ` até ${formatDay(end)}`;
  return '';
}

/** The title a task gets when its creator gives none (a notice always has one). */
export function buildTaskTitle(type: Exclude<TaskType, 'notification'>, start: string | null, end: string | null) {
  if (type === 'budget-planning' && start) return `Planejamento do orçamento de ${formatMonthWithSlash(start)}`;
  if (type === 'import') return `Importar extratos${describePeriod(start, end)}`;
  if (type === 'categorizing') return `Categorizar transações${describePeriod(start, end)}`;
  return 'Planejamento do orçamento';
}

/** "2026-11-01" or "01/11/2026" (years 1900–2100) → "2026-11-01"; anything else is 'Data inválida'. */
export const TaskDateSchema = z.string({ error: validationMessages.dateInvalid }).transform((value, context) => {
  const iso = parseDay(value);
  if (!iso) {
    context.addIssue({ code: 'custom', message: validationMessages.dateInvalid });
    return z.NEVER;
  }
  return iso;
});

const optionalText = (maximum: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(maximum, tooLong)
    .optional()
    .nullable()
    .transform((value) => value || null);

/**
 * The body of POST tasks/{type}/ (client, type, start, end), plus an optional
 * title and message. Which checks apply depends on the type, so the type is passed in.
 */
export function buildNewTaskSchema(type: TaskType) {
  return z
    .object({
      client: DatabaseIdTextSchema.optional(),
      start: TaskDateSchema.optional().nullable(),
      end: TaskDateSchema.optional().nullable(),
      title: optionalText(150, validationMessages.nameTooLong),
      message: optionalText(1000, taskMessages.messageTooLong),
    })
    .superRefine((task, context) => {
      if (type === 'budget-planning' && !task.start) {
        context.addIssue({ code: 'custom', path: ['start'], message: taskMessages.monthRequired });
      }
      // The task is finished into the month's budget, and budgets exist only for 2000–2100 (ADR 6).
      if (type === 'budget-planning' && task.start && !parseTargetMonth(task.start)) {
        context.addIssue({ code: 'custom', path: ['start'], message: targetMonthNotFound });
      }
      if (type === 'notification' && !task.title) {
        context.addIssue({ code: 'custom', path: ['title'], message: taskMessages.noticeTitleRequired });
      }
      if (task.start && task.end && task.end < task.start) {
        context.addIssue({ code: 'custom', path: ['end'], message: taskMessages.endBeforeStart });
      }
    })
    .transform((task) => {
      const start = task.start ?? null;
      // A budget is planned for a whole month: without an end, the task covers the month of its start.
      const end = task.end ?? (type === 'budget-planning' && start ? findMonthEnd(start) : null);
      return {
        client: task.client ?? null,
        start,
        end,
        title: task.title ?? (type === 'notification' ? '' : buildTaskTitle(type, start, end)),
        message: task.message,
      };
    });
}
export type NewTask = z.infer<ReturnType<typeof buildNewTaskSchema>>;

export const TaskStatusChangeSchema = z.object({
  status: z.enum(taskStatuses, { error: taskMessages.statusInvalid }),
});
export type TaskStatusChange = z.infer<typeof TaskStatusChangeSchema>;

/** Who changes a task: its client, or someone who advises that client (their planner, a manager). */
export type TaskActor = 'client' | 'adviser';

/**
 * The status rules (ADR 5): only the client ignores a task, and only while it is not done;
 * the client or an adviser completes it or opens it again. Asking for the status a task already
 * has changes nothing and is allowed. Answers the reason a change is refused, or null.
 */
export function findStatusChangeRefusal(actor: TaskActor, from: TaskStatus, to: TaskStatus): string | null {
  if (from === to) return null;
  if (to === 'rejected') {
    if (actor !== 'client') return taskMessages.onlyClientIgnores;
    if (from === 'done') return taskMessages.doneCannotBeIgnored;
  }
  return null;
}

/** The status changes an actor may ask for on a task in `status`, for the screens' buttons. */
export function listAllowedStatusChanges(actor: TaskActor, status: TaskStatus): TaskStatus[] {
  return taskStatuses.filter((to) => to !== status && findStatusChangeRefusal(actor, status, to) === null);
}
