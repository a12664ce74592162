import type { Task } from '@prumo/contract/tasks';
import { type TaskStatus, type TaskType, taskMessages } from '@prumo/domain/tasks/task-rules';

/** What a status change says once done: a task's words are feminine, a notice's ("aviso") masculine. */
const statusChangeMessages: Record<'task' | 'notice', Record<TaskStatus, string>> = {
  task: { rejected: 'Tarefa ignorada', done: 'Tarefa concluída', pending: 'Tarefa reaberta' },
  notice: { rejected: 'Aviso ignorado', done: 'Aviso concluído', pending: 'Aviso reaberto' },
};

function isNotice(task: Task): boolean {
  return task.type === 'notification';
}

/** "Tarefa criada", or "Aviso criado" for a notice. */
export function describeCreation(type: TaskType): string {
  return type === 'notification' ? 'Aviso criado' : taskMessages.created;
}

/** "Tarefa ignorada", or "Aviso ignorado" for a notice. */
export function describeStatusChange(task: Task, status: TaskStatus): string {
  return statusChangeMessages[isNotice(task) ? 'notice' : 'task'][status];
}

/** The delete confirmation's title, question and done message, in the task's or the notice's words. */
export function describeDeletion(task: Task): { title: string; message: string; done: string } {
  if (isNotice(task)) {
    return {
      title: 'Excluir aviso',
      message: `O aviso "${task.title}" será excluído para você e para o cliente.`,
      done: 'Aviso excluído',
    };
  }
  return {
    title: 'Excluir tarefa',
    message: `A tarefa "${task.title}" será excluída para você e para o cliente.`,
    done: taskMessages.deleted,
  };
}
