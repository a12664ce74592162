import type { ClientChatMessage, PlannerChatMessage, WhatsAppHandoff } from '@prumo/contract/chats';
import { buildWhatsAppLink, buildWhatsAppNumber, chatMessages } from '@prumo/domain/chat/chat-rules';
import type { FastifyRequest } from 'fastify';
import type { Assistant } from '../../adapters/assistant/assistant';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import { publishLiveEvent } from '../live/index';
import { buildAssistantTools } from './assistant-tools';
import { buildNumberedPage } from './chat-pages';
import {
  findChatMessages,
  findClientPlanner,
  findPlannerChatMessages,
  insertChatMessage,
  insertPlannerChatMessage,
} from './chats.repo';

type ChatRow = Awaited<ReturnType<typeof findChatMessages>>['rows'][number];

function presentChatMessage(row: ChatRow): ClientChatMessage {
  return {
    id: row.id,
    author: row.author,
    author_name: `${row.authorFirstName} ${row.authorLastName}`.trim(),
    message: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET chat/: a page of the client's conversation with their planner, newest first. */
export async function listChatMessages(
  deps: AppDependencies,
  request: FastifyRequest,
  scope: ClientScope,
  page: number,
) {
  const { rows, count } = await findChatMessages(deps.db, scope, page);
  return buildNumberedPage(request, page, count, rows.map(presentChatMessage));
}

/**
 * POST chat/: the client writes to their planner, or the planner (the client's own) answers. A
 * client without a planner has nobody to write to (404). The message and the live notice to the
 * other side are one transaction.
 */
export async function sendChatMessage(
  deps: AppDependencies,
  scope: ClientScope,
  text: string,
): Promise<ClientChatMessage> {
  const byClient = scope.caller.role === 'client';
  const id = await deps.db.transaction(async (transaction) => {
    const planner = await findClientPlanner(transaction, scope);
    if (!planner) failNotFound(chatMessages.clientWithoutPlanner);
    const created = await insertChatMessage(transaction, scope, {
      author: byClient ? 'client' : 'planner',
      authorUserId: scope.caller.userId,
      body: text,
    });
    await publishLiveEvent(transaction, { userIds: [byClient ? planner.id : scope.clientUserId], topic: 'chat' });
    return created;
  });
  const { rows } = await findChatMessages(deps.db, scope, 0, id);
  const [row] = rows;
  if (!row) throw new Error('a chat message just written was not found');
  return presentChatMessage(row);
}

/** GET chat/whatsapp/: the client's planner's WhatsApp link; no planner, or no phone, is 'Nenhum planejador'. */
export async function findWhatsAppHandoff(deps: AppDependencies, scope: ClientScope): Promise<WhatsAppHandoff> {
  const planner = await findClientPlanner(deps.db, scope);
  const phone = buildWhatsAppNumber(planner?.phone);
  const url = buildWhatsAppLink(planner?.phone);
  if (!planner || !phone || !url) failNotFound(chatMessages.noPlanner);
  return { planner_name: `${planner.firstName} ${planner.lastName}`.trim(), phone, url };
}

type PlannerChatRow = Awaited<ReturnType<typeof findPlannerChatMessages>>['rows'][number];

function presentPlannerChatMessage(row: PlannerChatRow): PlannerChatMessage {
  return {
    question: row.question,
    question_timestamp: row.questionAt.toISOString(),
    response: row.response,
    response_timestamp: row.responseAt.toISOString(),
  };
}

/** GET planner-chat/: a page of the caller's conversation with the assistant, newest first. */
export async function listPlannerChat(deps: AppDependencies, request: FastifyRequest, caller: Caller, page: number) {
  const { rows, count } = await findPlannerChatMessages(deps.db, caller, page);
  return buildNumberedPage(request, page, count, rows.map(presentPlannerChatMessage));
}

/**
 * POST planner-chat/: the assistant answers from the planner's own book (its tools read only the
 * caller's clients); the exchange is kept with the live notice in one transaction.
 */
export async function askAssistant(
  deps: AppDependencies,
  assistant: Assistant,
  caller: Caller,
  question: string,
  now: () => Date = () => new Date(),
): Promise<PlannerChatMessage> {
  const questionAt = now();
  const response = await assistant.answer(question, buildAssistantTools(deps, caller, questionAt));
  const responseAt = now();
  const row = await deps.db.transaction(async (transaction) => {
    const created = await insertPlannerChatMessage(transaction, caller, { question, questionAt, response, responseAt });
    await publishLiveEvent(transaction, { userIds: [caller.userId], topic: 'planner-chat' });
    return created;
  });
  return presentPlannerChatMessage(row);
}
