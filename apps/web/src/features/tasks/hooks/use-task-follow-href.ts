import type { Task } from '@prumo/contract/tasks';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';

/** The value of meu-caixa/{task} (and of the planner's cliente/{id}/{view}) that opens the import. */
const importTaskValue = 'importacao';

function withQuery(href: string, query: Record<string, string>): string {
  return `${href}?${new URLSearchParams(query).toString()}`;
}

/**
 * Following a task: import opens the import, categorizing the categorizing screen,
 * budget-planning the planning (with task and client), a notice the tasks screen in notices mode.
 * The categorizing screen is the client's own: a planner goes to the client's cash
 * register, where the uncategorized lines are, and to the client's view of the import.
 */
export function buildTaskFollowHref(organization: string, task: Task, viewer: 'client' | 'adviser'): string {
  const routes = paths.app.routes;
  const clientId = String(task.client);
  switch (task.type) {
    case 'import':
      // An import with its files opens them (arquivo/{client}/{bundle}/{task}); one still to do opens the upload.
      if (task.bundle !== null) {
        return routes['arquivo-importacao'].getHref(organization, {
          clientId,
          bundleId: String(task.bundle),
          taskId: String(task.id),
        });
      }
      return viewer === 'client'
        ? routes['meu-caixa'].getHref(organization, { task: importTaskValue })
        : routes.cliente.getHref(organization, { clientId, view: importTaskValue });
    case 'categorizing':
      return viewer === 'client'
        ? withQuery(routes['tarefa-de-categorizacao'].getHref(organization), { task: String(task.id) })
        : routes.cliente.getHref(organization, { clientId });
    case 'budget-planning':
      return withQuery(routes.planejamento.getHref(organization), { task: String(task.id), client: clientId });
    case 'notification':
      return withQuery(
        routes['tarefas-e-avisos'].getHref(organization),
        viewer === 'client' ? { avisos: 'true' } : { avisos: 'true', client: clientId },
      );
  }
}

/** The follow address of a task for whoever is signed in on this organization's address. */
export function useTaskFollowHref(viewer: 'client' | 'adviser'): (task: Task) => string {
  const { organization = '' } = useParams();
  return (task) => buildTaskFollowHref(organization, task, viewer);
}
