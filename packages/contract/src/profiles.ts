import { accessLevels } from '@prumo/domain/auth/roles';
import { z } from 'zod';
import { buildPageSchema } from './common';
import { ClientAttentionSchema, ClientStatusSchema } from './desks';
import { OrganizationSchema } from './organizations';
import { CurrentPlanSchema, CurrentSubscriptionSchema } from './subscriptions';

export const AccessLevelSchema = z.enum(accessLevels);

/** A person named beside a record: a planner, the issuer of a link. */
export const PersonNameSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type PersonName = z.infer<typeof PersonNameSchema>;

export const UserSummarySchema = PersonNameSchema.extend({ email: z.string() });
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** A client's planner, as the client sees them. */
export const PersonaPlannerSchema = z.object({
  user: UserSummarySchema,
  telephone: z.string(),
  profile_picture: z.string().nullable(),
});
export type PersonaPlanner = z.infer<typeof PersonaPlannerSchema>;

/** A trial organization's standing, for its managers (ADR 37). */
export const OrganizationTrialSchema = z.object({
  /** The trial's last day, "YYYY-MM-DD". */
  last_day: z.string(),
  /** Days left counting today; 0 once it has ended. */
  days_left: z.number().int(),
  ended: z.boolean(),
  clients_limit: z.number().int(),
  clients_count: z.number().int(),
});
export type OrganizationTrial = z.infer<typeof OrganizationTrialSchema>;

/** Who is signed in: their organization, role (`view`), the toggles on, and a client's planner. */
export const PersonaSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  profile_picture: z.string().nullable(),
  organization: OrganizationSchema,
  view: AccessLevelSchema,
  level: z.number().int(),
  /** The caller's standing client link (a planner's or manager's invitation token). */
  hash: z.string(),
  permissions: z.array(z.object({ codename: z.string() })),
  planner: PersonaPlannerSchema.nullable(),
  has_pending_subscription: z.boolean(),
  has_pending_credit_card: z.boolean(),
  has_opb_iniciador: z.boolean(),
  is_external: z.boolean(),
  /** The client's subscription in effect (processing, active, past due, suspended, or canceled with its period still running); null otherwise. */
  current_subscription: CurrentSubscriptionSchema.nullable(),
  session_expires_at: z.string(),
  /** A manager of an organization on trial sees its standing; null for everyone else. */
  trial: OrganizationTrialSchema.nullable(),
});
export type Persona = z.infer<typeof PersonaSchema>;

/** A client in a planner's or manager's list. */
export const ClientRecordSchema = z.object({
  user: UserSummarySchema,
  profile_picture: z.string().nullable(),
  last_login: z.string().nullable(),
  /** The client's latest import (a bundle of statement files), null before the first. */
  last_import_bundle: z.object({ id: z.number().int(), created_at: z.string() }).nullable(),
  /** The client's subscription that has not ended (a proposal too), null without one. */
  current_plan: CurrentPlanSchema.nullable(),
  budget_planner: z.object({ user: PersonNameSchema }).nullable(),
  /** The planner's standing with the client (ADR 33). */
  status: ClientStatusSchema,
  /** What needs the planner's attention (ADR 33), computed for the whole list at once. */
  attention: ClientAttentionSchema,
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

export const ClientPageSchema = buildPageSchema(ClientRecordSchema);
export type ClientPage = z.infer<typeof ClientPageSchema>;

/** A planner in a manager's list, with how many clients they advise. */
export const PlannerRecordSchema = z.object({
  user: UserSummarySchema,
  telephone: z.string(),
  profile_picture: z.string().nullable(),
  last_login: z.string().nullable(),
  clients_count: z.number().int(),
  /** False once a manager deactivated them (ADR 37): they cannot sign in. */
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
});
export type PlannerRecord = z.infer<typeof PlannerRecordSchema>;

export const PlannerPageSchema = buildPageSchema(PlannerRecordSchema);
export type PlannerPage = z.infer<typeof PlannerPageSchema>;

/** PUT profiles/clients/change-planner/: how many clients moved, all together. */
export const PlannerChangeAnswerSchema = z.object({ detail: z.string(), moved: z.number().int() });
export type PlannerChangeAnswer = z.infer<typeof PlannerChangeAnswerSchema>;
