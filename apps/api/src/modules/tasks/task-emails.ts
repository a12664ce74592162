import { type ClientStatus, isClientActive } from '@prumo/domain/clients/client-status';
import { shouldEmailNewTask } from '@prumo/domain/tasks/notification-settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientStatuses, users } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/scope';
import { findPublicOrigin, sendBrandedEmail } from '../accounts/index';
import { findNotificationSettings } from '../notification-settings/index';
import { findOrganizationById } from '../organizations/index';
import type { TaskRow } from './tasks.repo';

/**
 * Tells the client by e-mail of a task their planner (or a manager) created, when their notice
 * settings ask for it. The task exists whatever happens to the e-mail: a failure is only logged.
 */
export async function emailNewTaskToClient(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  task: TaskRow,
): Promise<void> {
  const isNotice = task.type === 'notification';
  try {
    const settings = await findNotificationSettings(deps.db, scope.clientUserId);
    if (!shouldEmailNewTask(settings, isNotice)) return;
    // A client who is not `ativo` has their tasks stopped: no e-mail about them (ADR 33).
    const [standing] = await deps.db
      .select({ status: clientStatuses.status })
      .from(clientStatuses)
      .where(eq(clientStatuses.clientUserId, scope.clientUserId));
    if (standing && !isClientActive(standing.status as ClientStatus)) return;
    const [client] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, scope.clientUserId), eq(users.organizationId, scope.organizationId)));
    const found = await findOrganizationById(deps.db, scope.organizationId);
    if (!client || !found) return;
    const { organization } = found;
    const author = task.createdByName ?? 'Seu planejador';
    const screen = `${findPublicOrigin(deps)}/app/${organization.slug}/tarefas-e-avisos`;
    await sendBrandedEmail(deps, request, organization, client, {
      subject: `${isNotice ? 'Novo aviso' : 'Nova tarefa'}: ${task.title} — ${organization.name}`,
      lead: [
        `${author} ${isNotice ? 'deixou um aviso' : 'criou uma tarefa'} para você: "${task.title}".`,
        task.message ?? '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      action: isNotice ? 'Ver aviso' : 'Ver tarefa',
      link: isNotice ? `${screen}?avisos=true` : screen,
      note: 'Você pode escolher como receber avisos na tela Avisos e importações.',
    });
  } catch (error) {
    request.log.error({ err: error, taskId: task.id }, 'task e-mail not sent');
  }
}
