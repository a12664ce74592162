import {
  AccessLinkSessionSchema,
  EmailConfirmedSchema,
  PasswordCheckSchema,
  SessionKeySchema,
} from '@prumo/contract/accounts';
import { DetailSchema, ErrorDetailSchema } from '@prumo/contract/common';
import { EmailSchema, OrganizationSlugSchema } from '@prumo/domain/account/fields';
import {
  EmailChangeSchema,
  FinishOrganizationRegisterSchema,
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
import { anyone, readCaller } from '../../plugins/access';
import { readTokenKey } from '../../plugins/authentication';
import {
  accountMessages,
  changePassword,
  checkPassword,
  confirmEmail,
  confirmPasswordReset,
  finishOrganizationRegister,
  register,
  requestAccessLink,
  requestEmailChange,
  requestPasswordReset,
  resendActivation,
  signIn,
  signInWithAccessLink,
  signOut,
} from './accounts.service';
import { refuseCommonPassword } from './common-passwords/common-passwords';

const publicCall = { access: { public: true } } as const;
const signedInCall = { access: { roles: anyone } };
/** Public calls that create accounts or send e-mail, limited per address (plugins/rate-limit.ts). */
const limitedPublicCall = { access: { public: true }, perAddressLimit: 10 } as const;
/** Public forms a script could abuse: a challenge once the address has shown abuse (modules/challenge). */
const guardedPublicForm = { ...limitedPublicCall, challenge: true } as const;

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
        response: { 200: SessionKeySchema, 403: ErrorDetailSchema, 404: ErrorDetailSchema, 429: ErrorDetailSchema },
      },
    },
    async (request) => {
      const session = await signIn(deps, request, request.body);
      return { key: session.key, expires_at: session.expiresAt.toISOString() };
    },
  );

  api.post(
    '/api/rest-auth/logout/',
    { config: signedInCall, schema: { tags, response: { 200: DetailSchema } } },
    async (request) => {
      await signOut(deps, readCaller(request), readTokenKey(request) ?? '');
      return { detail: accountMessages.signedOut };
    },
  );

  api.post(
    '/api/rest-auth/registration/',
    {
      config: guardedPublicForm,
      schema: {
        tags,
        body: RegistrationSchema.superRefine(refuseCommonPassword('password1')),
        // 403: the organization's trial has ended, or its client limit is reached.
        response: { 201: DetailSchema, 403: ErrorDetailSchema, 404: ErrorDetailSchema },
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
      config: guardedPublicForm,
      schema: {
        tags,
        body: SimpleRegistrationSchema.superRefine(refuseCommonPassword('password1')),
        response: { 201: DetailSchema, 404: ErrorDetailSchema },
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
      schema: { tags, body: z.object({ key: z.string().min(1) }), response: { 200: EmailConfirmedSchema } },
    },
    async (request) => {
      const confirmed = await confirmEmail(deps, request, request.body.key);
      return { detail: confirmed.detail, plan: confirmed.planHash };
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
    { config: guardedPublicForm, schema: { tags, body: PasswordResetSchema, response: { 200: DetailSchema } } },
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

  // Two paths, one call: the profile's password change (Django-REST's path and the short one).
  for (const path of ['/api/rest-auth/password/change/', '/api/change-password/']) {
    api.post(
      path,
      {
        config: signedInCall,
        schema: {
          tags,
          body: PasswordChangeSchema.superRefine(refuseCommonPassword('new_password1')),
          response: { 200: DetailSchema, 429: ErrorDetailSchema },
        },
      },
      async (request) => {
        await changePassword(deps, request, readCaller(request), readTokenKey(request) ?? '', request.body);
        return { detail: accountMessages.passwordChanged };
      },
    );
  }

  // A new e-mail: confirmed from the new address (profiles/email/confirm/), the old one told then.
  api.post(
    '/api/change-password-email/',
    {
      config: { ...signedInCall, perAddressLimit: 10 },
      schema: { tags, body: EmailChangeSchema, response: { 200: DetailSchema, 429: ErrorDetailSchema } },
    },
    async (request) => {
      await requestEmailChange(deps, request, readCaller(request), request.body);
      return { detail: accountMessages.emailChangeSent };
    },
  );

  api.post(
    '/api/profiles/check-password/',
    {
      config: signedInCall,
      schema: {
        tags,
        body: z.object({
          password: z.string({ error: 'Esse campo é obrigatório.' }).min(1, 'Esse campo é obrigatório.'),
        }),
        response: { 200: PasswordCheckSchema, 429: ErrorDetailSchema },
      },
    },
    async (request) => {
      await checkPassword(deps, request, readCaller(request), request.body.password);
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
        // 403: a link e-mailed before the person was deactivated.
        response: { 200: AccessLinkSessionSchema, 403: ErrorDetailSchema },
      },
    },
    async (request) => {
      const session = await signInWithAccessLink(deps, request.body.token);
      return { key: session.key, expires_at: session.expiresAt.toISOString(), organization: session.organization };
    },
  );

  // The first manager of an organization made through /cadastro/organizacao.
  api.post(
    '/api/organization/:slug/finish-register/',
    {
      config: { ...publicCall, challenge: true },
      schema: {
        tags: ['Organização e customização'],
        params: z.object({ slug: OrganizationSlugSchema }),
        body: FinishOrganizationRegisterSchema.superRefine(refuseCommonPassword('password1')),
        response: { 201: DetailSchema },
      },
    },
    async (request, reply) => {
      await finishOrganizationRegister(deps, request, request.params.slug, request.body);
      return reply.status(201).send({ detail: accountMessages.accountCreated });
    },
  );
}
