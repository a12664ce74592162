import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/database';
import { sandboxRecipients } from '../../../db/schema';
import type { SandboxAccountRow } from './sandbox.repo';
import { createGatewayId, failInvalidRequest, SandboxGatewayError } from './sandbox-errors';

type RecipientRow = typeof sandboxRecipients.$inferSelect;

const required = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `The ${field} field is required.` : `The ${field} field is invalid.`,
});

const digits = (field: string, pattern: RegExp) =>
  z.string(required(field)).regex(pattern, `The ${field} field is invalid.`);

const BankAccountSchema = z.object(
  {
    holder_name: z
      .string(required('holder_name'))
      .trim()
      .min(1, 'The holder_name field is required.')
      .max(30, 'The holder_name field must have at most 30 characters.'),
    holder_type: z.enum(['individual', 'company'], required('holder_type')),
    holder_document: digits('holder_document', /^(\d{11}|\d{14})$/),
    bank: digits('bank', /^\d{3}$/),
    branch_number: digits('branch_number', /^\d{1,4}$/),
    branch_check_digit: z
      .string()
      .regex(/^[0-9A-Za-z]$/, 'The branch_check_digit field is invalid.')
      .optional(),
    account_number: digits('account_number', /^\d{1,13}$/),
    account_check_digit: z.string(required('account_check_digit')).regex(/^[0-9A-Za-z]{1,2}$/, {
      message: 'The account_check_digit field is invalid.',
    }),
    type: z.enum(['checking', 'savings'], required('type')),
  },
  required('default_bank_account'),
);

const PartnerSchema = z.object({
  name: z.string(required('name')).trim().min(1).max(64),
  email: z.email('The email field is not a valid e-mail address.'),
  document: digits('document', /^\d{11}$/),
  birthdate: z.string(required('birthdate')).regex(/^\d{4}-\d{2}-\d{2}$/, 'The birthdate field is invalid.'),
  phone_numbers: z.array(z.looseObject({ ddd: z.string(), number: z.string() })).min(1),
  address: z.looseObject({
    street: z.string().min(1),
    street_number: z.string().min(1),
    neighborhood: z.string().min(1),
    city: z.string().min(1),
    state: z.string().regex(/^[A-Za-z]{2}$/),
    zip_code: z.string().regex(/^\d{8}$/, 'The zip_code field is invalid.'),
  }),
});

const RecipientRequestSchema = z
  .object(
    {
      code: z.string().max(52).optional(),
      name: z.string(required('name')).trim().min(1, 'The name field is required.').max(128),
      email: z.email('The email field is not a valid e-mail address.'),
      document: digits('document', /^(\d{11}|\d{14})$/),
      type: z.enum(['individual', 'company'], required('type')),
      default_bank_account: BankAccountSchema,
      register_information: z.looseObject({ managing_partners: z.array(PartnerSchema).max(10).optional() }).optional(),
      transfer_settings: z.looseObject({}).optional(),
    },
    required('request'),
  )
  .refine(
    (recipient) => recipient.type !== 'company' || (recipient.register_information?.managing_partners?.length ?? 0) > 0,
    { message: 'A company recipient needs at least one managing partner.', path: ['register_information'] },
  );

const BankAccountChangeSchema = z.object({ bank_account: BankAccountSchema }, required('request'));

/** The body read with `schema`, or 422 with each field's English message, as Pagar.me answers. */
function readBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'request';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  failInvalidRequest(errors);
}

function presentRecipient(recipient: RecipientRow) {
  return {
    id: recipient.id,
    name: recipient.name,
    email: recipient.email,
    document: recipient.document,
    type: recipient.type,
    code: recipient.code,
    status: 'active',
    default_bank_account: { ...(recipient.defaultBankAccount as object), status: 'active' },
    created_at: recipient.createdAt.toISOString(),
    updated_at: recipient.updatedAt.toISOString(),
  };
}

async function findRecipient(db: Database, account: SandboxAccountRow, recipientId: string) {
  const [row] = await db
    .select()
    .from(sandboxRecipients)
    .where(and(eq(sandboxRecipients.accountId, account.id), eq(sandboxRecipients.id, recipientId)));
  if (!row) throw new SandboxGatewayError(404, { message: 'Recipient not found.' });
  return row;
}

/** POST /recipients: a person or company with its default bank account (a company with its partners). */
export async function createRecipient(db: Database, account: SandboxAccountRow, body: unknown) {
  const request = readBody(RecipientRequestSchema, body);
  const [row] = await db
    .insert(sandboxRecipients)
    .values({
      id: createGatewayId('rp'),
      accountId: account.id,
      code: request.code ?? null,
      name: request.name,
      email: request.email,
      document: request.document,
      type: request.type,
      defaultBankAccount: request.default_bank_account,
      registerInformation: request.register_information ?? null,
    })
    .returning();
  if (!row) throw new Error('no sandbox recipient written');
  return presentRecipient(row);
}

export async function readRecipient(db: Database, account: SandboxAccountRow, recipientId: string) {
  return presentRecipient(await findRecipient(db, account, recipientId));
}

/** PATCH /recipients/{id}/default-bank-account: where the recipient's money goes from now on. */
export async function changeRecipientBankAccount(
  db: Database,
  account: SandboxAccountRow,
  recipientId: string,
  body: unknown,
) {
  const request = readBody(BankAccountChangeSchema, body);
  await findRecipient(db, account, recipientId);
  const [row] = await db
    .update(sandboxRecipients)
    .set({ defaultBankAccount: request.bank_account, updatedAt: new Date() })
    .where(and(eq(sandboxRecipients.accountId, account.id), eq(sandboxRecipients.id, recipientId)))
    .returning();
  if (!row) throw new SandboxGatewayError(404, { message: 'Recipient not found.' });
  return presentRecipient(row);
}
