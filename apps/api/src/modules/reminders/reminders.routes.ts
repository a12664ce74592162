import { ReminderSchema, ReminderWithOccurrencesSchema } from '@prumo/contract/reminders';
import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { parseDay } from '@prumo/domain/br/date';
import { buildCentsSchema } from '@prumo/domain/money/cents-schema';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { buildNameSchema } from '@prumo/domain/records/name-schema';
import { requireSomeField } from '@prumo/domain/records/update-fields';
import { ReminderPeriodicitySchema } from '@prumo/domain/reminders/reminder-occurrences';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import type { BillReminderChanges } from './reminders.repo';
import { changeReminder, createReminder, deleteReminder, listReminders, proposeReminders } from './reminders.service';

const maximumTitleLength = 120;
const maximumContentLength = 1000;

const TitleSchema = buildNameSchema(maximumTitleLength);

// Blank content is no content: it is stored as null.
const ContentSchema = z
  .string({ error: validationMessages.valueInvalid })
  .trim()
  .max(maximumContentLength, describeLengthLimit(maximumContentLength))
  .transform((value) => value || null)
  .nullable();

/** A real day "YYYY-MM-DD" of 1900–2100. */
const ReminderDateSchema = z
  .string({ error: validationMessages.required })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDay(value) !== null, validationMessages.dateInvalid);

/** The bill's expected value in cents, when the client knows it. */
const AmountSchema = buildCentsSchema({ allowZero: false }).nullable();

const FlagSchema = z.boolean({ error: validationMessages.valueInvalid });

/** A proposal is accepted by setting it ACTIVE; nothing goes back to PROPOSED. */
const AcceptSchema = z.enum(['ACTIVE'], { error: 'Status inválido: envie ACTIVE para aceitar a sugestão.' });

const NewReminderSchema = z.object({
  title: TitleSchema,
  content: ContentSchema.optional(),
  reminder_date: ReminderDateSchema,
  periodicity: ReminderPeriodicitySchema,
  amount: AmountSchema.optional(),
  user_reminder: FlagSchema.optional(),
  cashflow_reminder: FlagSchema.optional(),
});

const ReminderChangesSchema = requireSomeField(
  z.object({
    title: TitleSchema.optional(),
    content: ContentSchema.optional(),
    reminder_date: ReminderDateSchema.optional(),
    periodicity: ReminderPeriodicitySchema.optional(),
    amount: AmountSchema.optional(),
    user_reminder: FlagSchema.optional(),
    cashflow_reminder: FlagSchema.optional(),
    status: AcceptSchema.optional(),
  }),
);

type ReminderBody = z.infer<typeof ReminderChangesSchema>;

/** The body's fields under the repository's names; a field the body leaves out stays undefined. */
function readReminderChanges(body: ReminderBody): BillReminderChanges {
  return {
    status: body.status,
    title: body.title,
    content: body.content,
    reminderDate: body.reminder_date,
    periodicity: body.periodicity,
    amountCents: body.amount,
    userReminder: body.user_reminder,
    cashflowReminder: body.cashflow_reminder,
  };
}

export function registerReminderRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Lembretes de contas'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Anyone may read a client's reminders within their reach; a manager never changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };

  api.get(
    '/api/bill-reminder/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(ReminderWithOccurrencesSchema) } },
    },
    async (request) => listReminders(deps, readClientScope(request)),
  );

  api.post(
    '/api/bill-reminder/',
    {
      config: { access: writing },
      schema: { tags, querystring: ClientQuerySchema, body: NewReminderSchema, response: { 201: ReminderSchema } },
    },
    async (request, reply) => {
      const { body } = request;
      const created = await createReminder(deps, readClientScope(request), {
        title: body.title,
        content: body.content ?? null,
        reminderDate: body.reminder_date,
        periodicity: body.periodicity,
        amountCents: body.amount ?? null,
        // Both on unless the client turns them off (ADR 19).
        userReminder: body.user_reminder ?? true,
        cashflowReminder: body.cashflow_reminder ?? true,
      });
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/api/bill-reminder/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: ReminderChangesSchema,
        response: { 200: ReminderSchema },
      },
    },
    async (request) =>
      changeReminder(deps, readClientScope(request), request.params.id, readReminderChanges(request.body)),
  );

  // Proposes reminders from the client's recurring lines; answers the proposals this run added (ADR 23).
  api.post(
    '/api/bill-reminder-recommender/',
    {
      config: { access: writing },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(ReminderSchema) } },
    },
    async (request) => proposeReminders(deps, readClientScope(request)),
  );

  api.delete(
    '/api/bill-reminder/:id/',
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteReminder(deps, readClientScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
