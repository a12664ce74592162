import { z } from 'zod';
import { EmailSchema, PersonNameSchema, PhoneSchema } from '../account/fields';
import { describeLengthLimit } from '../account/messages';
import { ProspectStageSchema } from './prospect-stages';

/** What a planner types about a prospect; e-mail and phone may be left blank (a first contact has one or the other). */
export const prospectNotesMaximumLength = 2000;

/** A field that may be left blank; when filled, `schema`'s rules and message apply. */
function buildBlankOr(schema: z.ZodType<string, string>) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      if (value === '') return;
      const parsed = schema.safeParse(value);
      if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
    })
    .transform((value) => (value === '' ? '' : schema.parse(value)));
}

const OptionalEmailSchema = buildBlankOr(EmailSchema);
const OptionalPhoneSchema = buildBlankOr(PhoneSchema);
const NotesSchema = z.string().trim().max(prospectNotesMaximumLength, describeLengthLimit(prospectNotesMaximumLength));

export const NewProspectSchema = z.object({
  name: PersonNameSchema,
  email: OptionalEmailSchema.optional().default(''),
  phone: OptionalPhoneSchema.optional().default(''),
  notes: NotesSchema.optional().default(''),
});
export type NewProspect = z.infer<typeof NewProspectSchema>;

/** PATCH/PUT prospects/{id}/: any of the fields, and the stage (its moves are checked apart). */
export const ProspectChangesSchema = z.object({
  name: PersonNameSchema.optional(),
  email: OptionalEmailSchema.optional(),
  phone: OptionalPhoneSchema.optional(),
  notes: NotesSchema.optional(),
  stage: ProspectStageSchema.optional(),
});
export type ProspectChanges = z.infer<typeof ProspectChangesSchema>;

/** How a planner sends a link: e-mailed to the prospect's address when asked. */
export const ProspectLinkRequestSchema = z.object({
  send_email: z.boolean().optional().default(false),
});

/** The invitation: optionally with the plan (its hashed id) the registration offers. */
export const ProspectInvitationRequestSchema = ProspectLinkRequestSchema.extend({
  plan: z.string().trim().max(64, 'Plano inválido.').optional(),
});
