import type { TaskType } from '@prumo/domain/tasks/task-rules';
import type { Database, Transaction } from '../../db/database';
import { findPlannerOfClient, raiseNotification } from '../notifications/index';

type Executor = Database | Transaction;

const tasksScreen = 'tarefas-e-avisos';

/** What the bell says of a task given to the client, by kind. */
function describeAssignedTask(type: TaskType, title: string, message: string | null | undefined) {
  switch (type) {
    case 'notification':
      return {
        title: 'Novo aviso',
        body: [title, message].filter(Boolean).join(' — '),
        screen: `${tasksScreen}?avisos=true`,
      };
    case 'categorizing':
      return {
        title: 'Transações para categorizar',
        body: 'Há transações importadas esperando uma categoria.',
        screen: tasksScreen,
      };
    case 'budget-planning':
      return {
        title: 'Planejamento recebido',
        body: `Seu planejador enviou "${title}". Confira e aceite o planejamento.`,
        screen: tasksScreen,
      };
    default:
      return { title: 'Nova tarefa de importação', body: title, screen: tasksScreen };
  }
}

/**
 * Tells the client of a task now given to them, in the transaction that gives it. The e-mail of a
 * task their planner created is the tasks module's own (task-emails.ts), so it is not sent again.
 */
export async function notifyTaskAssigned(
  db: Executor,
  task: { id: number; type: TaskType; title: string; message?: string | null; clientUserId: number },
): Promise<void> {
  const described = describeAssignedTask(task.type, task.title, task.message);
  await raiseNotification(db, {
    userId: task.clientUserId,
    eventKey: `task:${task.id}:assigned`,
    kind: task.type === 'notification' ? 'notice' : 'task',
    ...described,
    sentElsewhere: ['email'],
  });
}

/** Tells the client's planner that the client accepted a planning. */
export async function notifyPlanningAccepted(
  db: Executor,
  planning: { id: number; title: string; clientUserId: number },
): Promise<void> {
  const plannerUserId = await findPlannerOfClient(db, planning.clientUserId);
  if (plannerUserId === null) return;
  await raiseNotification(db, {
    userId: plannerUserId,
    clientUserId: planning.clientUserId,
    eventKey: `planning:${planning.id}:accepted`,
    kind: 'notice',
    title: 'Planejamento aceito',
    body: `O cliente aceitou "${planning.title}".`,
    screen: 'planejamento',
  });
}
