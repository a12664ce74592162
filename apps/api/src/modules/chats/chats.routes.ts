import {
  ClientChatMessageSchema,
  ClientChatPageSchema,
  PlannerChatMessageSchema,
  PlannerChatPageSchema,
  WhatsAppHandoffSchema,
} from '@prumo/contract/chats';
import { ChatMessageBodySchema } from '@prumo/domain/chat/chat-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Assistant } from '../../adapters/assistant/assistant';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, plannersAndManagers, type RouteAccess, readCaller, readClientScope } from '../../plugins/access';
import { PageNumberSchema } from './chat-pages';
import { askAssistant, findWhatsAppHandoff, listChatMessages, listPlannerChat, sendChatMessage } from './chats.service';

const ChatPageQuerySchema = ClientQuerySchema.extend({ page: PageNumberSchema });

/**
 * Questions one address asks the assistant in 15 minutes: far above a person typing, and a bound on
 * what a script could make an outside model cost.
 */
export const assistantQuestionsPerAddress = 120;
/** Messages one address sends in the client chat in 15 minutes. */
export const chatMessagesPerAddress = 300;

export function registerChatRoutes(app: FastifyInstance, deps: AppDependencies, assistant: Assistant): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Chat'];
  // The client chat: a client's own conversation; their planner names the client (clientId). A
  // manager reads a client's conversation and never writes in it.
  const reading: RouteAccess = { roles: anyone, flag: 'chat', client: 'read' };
  const writing: RouteAccess = { roles: anyone, flag: 'chat', client: 'write' };

  api.get(
    '/api/chat/',
    {
      config: { access: reading },
      schema: { tags, querystring: ChatPageQuerySchema, response: { 200: ClientChatPageSchema } },
    },
    async (request) => listChatMessages(deps, request, readClientScope(request), request.query.page),
  );

  api.post(
    '/api/chat/',
    {
      config: { access: writing, perAddressLimit: chatMessagesPerAddress },
      schema: {
        tags,
        querystring: ClientQuerySchema,
        body: ChatMessageBodySchema,
        response: { 201: ClientChatMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendChatMessage(deps, readClientScope(request), request.body.message)),
  );

  api.get(
    '/api/chat/whatsapp/',
    {
      config: { access: { roles: ['client'], flag: 'chat', client: 'read' } },
      schema: { tags, response: { 200: WhatsAppHandoffSchema } },
    },
    async (request) => findWhatsAppHandoff(deps, readClientScope(request)),
  );

  // The planner chat: a planner (or a manager as one) and the assistant, about their own clients.
  const planner: RouteAccess = { roles: plannersAndManagers, flag: 'chat_planner' };

  api.get(
    '/api/planner-chat/',
    {
      config: { access: planner },
      schema: {
        tags,
        querystring: ChatPageQuerySchema.pick({ page: true }),
        response: { 200: PlannerChatPageSchema },
      },
    },
    async (request) => listPlannerChat(deps, request, readCaller(request), request.query.page),
  );

  api.post(
    '/api/planner-chat/',
    {
      config: { access: planner, perAddressLimit: assistantQuestionsPerAddress },
      schema: { tags, body: ChatMessageBodySchema, response: { 201: PlannerChatMessageSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await askAssistant(deps, assistant, readCaller(request), request.body.message)),
  );
}
