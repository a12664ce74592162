import type { AccessLogEntry, AccessLogPage } from '@prumo/contract/desks';
import { type ClientAccessAction, clientAccessActionLabels } from '@prumo/domain/clients/access-log';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { buildPage, type PageQuery } from '../../lib/pagination';
import type { ClientScope } from '../../lib/scope';
import { findAccessLogPage, insertAccessLogEntry } from './access-log.repo';

/**
 * Records that a planner or manager opened the scope's client's data (ADR 34). A client opening
 * their own data is not an access to log.
 */
export async function recordClientAccess(
  deps: Pick<AppDependencies, 'db'>,
  scope: ClientScope,
  action: ClientAccessAction,
  subject: string | null = null,
): Promise<void> {
  if (scope.caller.role !== 'planner' && scope.caller.role !== 'manager') return;
  if (scope.caller.userId === scope.clientUserId) return;
  await insertAccessLogEntry(deps.db, scope, action, subject);
}

export async function listAccessLog(
  deps: AppDependencies,
  scope: ClientScope,
  request: FastifyRequest,
  page: PageQuery,
): Promise<AccessLogPage> {
  const { rows, count } = await findAccessLogPage(deps.db, scope, page);
  return buildPage(
    request,
    page,
    count,
    rows.map(
      (row): AccessLogEntry => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        viewer: { id: row.viewerUserId, name: row.viewerName, role: row.viewerRole as 'planner' | 'manager' },
        action: row.action as ClientAccessAction,
        action_label: clientAccessActionLabels[row.action as ClientAccessAction],
        subject: row.subject,
      }),
    ),
  );
}
