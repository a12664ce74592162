import { EmailSchema, OrganizationSlugSchema } from '@prumo/domain/account/fields';
import {
  LoginSchema,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetSchema,
  RegistrationSchema,
  SimpleRegistrationSchema,
} from '@prumo/domain/account/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { findUnusedPasswordHash } from '../../lib/passwords';
import { readTokenKey, requireCaller } from '../../plugins/authentication';
import {
  accountMessages,
  changePassword,
  checkPassword,
  confirmEmail,
  confirmPasswordReset,
  register,
  requestAccessLink,
  requestPasswordReset,
  resendActivation,
  signIn,
  signInWithAccessLink,
  signOut,
} from './accounts.service';
import { refuseCommonPassword } from './common-passwords/common-passwords';

const DetailSchema = z.object({ detail: z.string() });
const publicCall = { public: true };
/** Public calls that create accounts or send e-mail, limited per address (plugins/rate-limit.ts). */
const limitedPublicCall = { public: true, perAddressLimit: 10 };

export function registerAccountRoutes(app: FastifyInstance, deps: AppDependencies): void {
  // Made now, so the first sign-in of an unknown e-mail takes no longer than any other.
  void findUnusedPasswordHash(deps.config.passwordHashCost);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Autenticação e conta'];

  api.post(
    '/api/rest-auth/login/',
    {
      config: publicCall,
      schema: {
        tags,
        body: LoginSchema,
        response: { 200: z.object({ key: z.string(), expires_at: z.string() }) },
      },
    },
    async (request) => {
      const session = await signIn(deps, request, request.body);
      return { key: session.key, expires_at: session.expiresAt.toISOString() };
    },
  );

  api.post('/api/rest-auth/logout/', { schema: { tags, response: { 200: DetailSchema } } }, async (request) => {
    const caller = requireCaller(request);
    await signOut(deps, caller, readTokenKey(request) ?? '');
    return { detail: accountMessages.signedOut };
  });

  api.post(
    '/api/rest-auth/registration/',
    {
      config: limitedPublicCall,
      schema: {
        tags,
        body: RegistrationSchema.superRefine(refuseCommonPassword('password1')),
        response: { 201: DetailSchema },
      },
    },
    async (request, reply) => {
      await register(deps, request, request.body);
      return reply.status(201).send({ detail: accountMessages.accountCreated });
    },
  );

  api.post(
    '/api/rest-auth/registration/simple/',
    {
      config: limitedPublicCall,
      schema: {
        tags,
        body: SimpleRegistrationSchema.superRefine(refuseCommonPassword('password1')),
        response: { 201: DetailSchema },
      },
    },
    async (request, reply) => {
      await register(deps, request, request.body);
      return reply.status(201).send({ detail: accountMessages.accountCreated });
    },
  );

  api.post(
    '/api/profiles/email/confirm/',
    {
      config: publicCall,
      schema: { tags, body: z.object({ key: z.string().min(1) }), response: { 200: DetailSchema } },
    },
    async (request) => {
      await confirmEmail(deps, request.body.key);
      return { detail: accountMessages.emailConfirmed };
    },
  );

  api.get(
    '/api/resend-activate/',
    {
      config: limitedPublicCall,
      schema: {
        tags,
        querystring: z.object({ email: EmailSchema, organization: OrganizationSlugSchema }),
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await resendActivation(deps, request, request.query.organization, request.query.email);
      return { detail: accountMessages.neutralEmailSent };
    },
  );

  api.post(
    '/api/rest-auth/password/reset/',
    { config: limitedPublicCall, schema: { tags, body: PasswordResetSchema, response: { 200: DetailSchema } } },
    async (request) => {
      await requestPasswordReset(deps, request, request.body.organization, request.body.email);
      return { detail: accountMessages.neutralEmailSent };
    },
  );

  api.post(
    '/api/rest-auth/password/reset/confirm/',
    {
      config: publicCall,
      schema: {
        tags,
        body: PasswordResetConfirmSchema.superRefine(refuseCommonPassword('new_password1')),
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await confirmPasswordReset(deps, request.body);
      return { detail: accountMessages.passwordChanged };
    },
  );

  api.post(
    '/api/rest-auth/password/change/',
    {
      schema: {
        tags,
        body: PasswordChangeSchema.superRefine(refuseCommonPassword('new_password1')),
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      await changePassword(deps, request, caller, readTokenKey(request) ?? '', request.body);
      return { detail: accountMessages.passwordChanged };
    },
  );

  api.post(
    '/api/profiles/check-password/',
    {
      schema: {
        tags,
        body: z.object({
          password: z.string({ error: 'Esse campo é obrigatório.' }).min(1, 'Esse campo é obrigatório.'),
        }),
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (request) => {
      await checkPassword(deps, request, requireCaller(request), request.body.password);
      return { valid: true as const };
    },
  );

  api.post(
    '/api/rest-auth/access-link/',
    {
      config: limitedPublicCall,
      schema: {
        tags,
        body: z.object({ email: EmailSchema, organization: OrganizationSlugSchema }),
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      await requestAccessLink(deps, request, request.body.organization, request.body.email);
      return { detail: accountMessages.neutralEmailSent };
    },
  );

  api.post(
    '/api/rest-auth/access/',
    {
      config: publicCall,
      schema: {
        tags,
        body: z.object({ token: z.string().min(1) }),
        response: { 200: z.object({ key: z.string(), expires_at: z.string(), organization: z.string() }) },
      },
    },
    async (request) => {
      const session = await signInWithAccessLink(deps, request.body.token);
      return { key: session.key, expires_at: session.expiresAt.toISOString(), organization: session.organization };
    },
  );
}
