import { accessLevels } from '@prumo/domain/auth/roles';
import { z } from 'zod';
import { buildPageSchema } from './common';
import { OrganizationSchema } from './organizations';

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
  /** No subscriptions yet: always null. */
  current_subscription: z.null(),
  session_expires_at: z.string(),
});
export type Persona = z.infer<typeof PersonaSchema>;

/** A client in a planner's or manager's list. */
export const ClientRecordSchema = z.object({
  user: UserSummarySchema,
  profile_picture: z.string().nullable(),
  last_login: z.string().nullable(),
  /** Not tracked yet: always null. */
  last_import_bundle: z.null(),
  /** No plans yet: always null. */
  current_plan: z.null(),
  budget_planner: z.object({ user: PersonNameSchema }).nullable(),
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
});
export type PlannerRecord = z.infer<typeof PlannerRecordSchema>;

export const PlannerPageSchema = buildPageSchema(PlannerRecordSchema);
export type PlannerPage = z.infer<typeof PlannerPageSchema>;
