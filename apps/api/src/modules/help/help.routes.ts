import { ErrorDetailSchema } from '@prumo/contract/common';
import {
  EditableHelpArticleSchema,
  HelpArticleAnswerSchema,
  HelpPreferenceAnswerSchema,
  OnboardingVideoSchema,
} from '@prumo/contract/help';
import { HelpArticleChangeSchema, HelpPreferenceSchema, HelpSlugQuerySchema } from '@prumo/domain/help/help';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, managersOnly, readCaller } from '../../plugins/access';
import {
  hideArticleVideo,
  listEditableArticles,
  listOnboardingVideos,
  readScreenArticle,
  restoreShippedArticle,
  saveEditableArticle,
} from './help.service';

const slugParams = z.object({ slug: z.string().min(1).max(80) });

/** The help desk: everyone reads it, managers write their organization's articles; all need the help toggle. */
export function registerHelpRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Ajuda'];
  const reading = { access: { roles: anyone, toggle: 'help' as const } };
  const managing = { access: { roles: managersOnly, toggle: 'help' as const } };

  api.get(
    '/api/help/article/',
    {
      config: reading,
      schema: {
        tags,
        querystring: HelpSlugQuerySchema,
        response: { 200: HelpArticleAnswerSchema, 404: ErrorDetailSchema },
      },
    },
    async (request) => readScreenArticle(deps.db, readCaller(request), request.query.slug),
  );

  api.get(
    '/api/help/onboarding/',
    {
      config: reading,
      schema: {
        tags,
        querystring: z.object({ autoplay: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(OnboardingVideoSchema) },
      },
    },
    async (request) => listOnboardingVideos(deps.db, readCaller(request), request.query.autoplay === 'true'),
  );

  api.post(
    '/api/help/user-preference/',
    { config: reading, schema: { tags, body: HelpPreferenceSchema, response: { 201: HelpPreferenceAnswerSchema } } },
    async (request, reply) =>
      reply.status(201).send(await hideArticleVideo(deps.db, readCaller(request), request.body.articleId)),
  );

  api.get(
    '/api/help/articles/',
    { config: managing, schema: { tags, response: { 200: z.array(EditableHelpArticleSchema) } } },
    async (request) => listEditableArticles(deps.db, readCaller(request)),
  );

  api.put(
    '/api/help/articles/:slug/',
    {
      config: managing,
      schema: { tags, params: slugParams, body: HelpArticleChangeSchema, response: { 200: EditableHelpArticleSchema } },
    },
    async (request) => saveEditableArticle(deps.db, readCaller(request), request.params.slug, request.body),
  );

  api.delete(
    '/api/help/articles/:slug/',
    { config: managing, schema: { tags, params: slugParams, response: { 200: EditableHelpArticleSchema } } },
    async (request) => restoreShippedArticle(deps.db, readCaller(request), request.params.slug),
  );
}
