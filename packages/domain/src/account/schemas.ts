import { z } from 'zod';
import {
  CnpjSchema,
  CorporateNameSchema,
  CpfSchema,
  EmailSchema,
  HexColorSchema,
  OrganizationSlugSchema,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
  refinePasswordConfirmation,
} from './fields';
import { validationMessages as messages } from './messages';

/** Request bodies of the account and organization calls, dj-rest-auth names. */

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  organization: z.string({ error: messages.required }).trim().min(1, messages.required),
});
export type Login = z.infer<typeof LoginSchema>;

const personFields = {
  email: EmailSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  phone: PhoneSchema,
  password1: PasswordSchema,
  password2: z.string({ error: messages.passwordRequired }),
};

export const RegistrationSchema = z
  .object({
    organization: OrganizationSlugSchema,
    role: z.string({ error: messages.required }).min(1, messages.required),
    hash: z.string({ error: messages.required }).min(1, messages.required),
    plan: z.string().optional(),
    cpf: CpfSchema,
    ...personFields,
  })
  .superRefine(refinePasswordConfirmation('password1', 'password2'));
export type Registration = z.infer<typeof RegistrationSchema>;

/** The simple registration asks for less: a client signs up without CPF. */
export const SimpleRegistrationSchema = z
  .object({
    organization: OrganizationSlugSchema,
    hash: z.string({ error: messages.required }).min(1, messages.required),
    plan: z.string().optional(),
    ...personFields,
  })
  .superRefine(refinePasswordConfirmation('password1', 'password2'));
export type SimpleRegistration = z.infer<typeof SimpleRegistrationSchema>;

/** Without the organization (the published call sends the e-mail only), every account holding the e-mail is meant. */
export const PasswordResetSchema = z.object({
  email: EmailSchema,
  organization: OrganizationSlugSchema.optional(),
});
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const PasswordResetConfirmSchema = z
  .object({
    uid: z.string({ error: messages.required }).min(1, messages.required),
    token: z.string({ error: messages.required }).min(1, messages.required),
    new_password1: PasswordSchema,
    new_password2: z.string({ error: messages.passwordRequired }),
  })
  .superRefine(refinePasswordConfirmation('new_password1', 'new_password2'));
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

export const PasswordChangeSchema = z
  .object({
    old_password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
    new_password1: PasswordSchema,
    new_password2: z.string({ error: messages.passwordRequired }),
  })
  .superRefine(refinePasswordConfirmation('new_password1', 'new_password2'));
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** A signed-in user's new e-mail: it takes effect once the link sent to it is followed. */
export const EmailChangeSchema = z.object({
  new_email: EmailSchema,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
});
export type EmailChange = z.infer<typeof EmailChangeSchema>;

export const ProfileEditSchema = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  phone: PhoneSchema,
});
export type ProfileEdit = z.infer<typeof ProfileEditSchema>;

export const OrganizationCreateSchema = z.object({
  name: z.string({ error: messages.required }).trim().min(2, messages.required).max(100, messages.nameTooLong),
  corporate_name: CorporateNameSchema,
  cnpj: CnpjSchema,
  slug: OrganizationSlugSchema,
  primary_color: HexColorSchema.optional(),
  secondary_color: HexColorSchema.optional(),
});
export type OrganizationCreate = z.infer<typeof OrganizationCreateSchema>;

export const FinishOrganizationRegisterSchema = z
  .object({
    token: z.string({ error: messages.required }).min(1, messages.required),
    cpf: CpfSchema,
    ...personFields,
  })
  .superRefine(refinePasswordConfirmation('password1', 'password2'));
export type FinishOrganizationRegister = z.infer<typeof FinishOrganizationRegisterSchema>;

export const OrganizationUpdateSchema = z
  .object({
    name: z.string().trim().min(2, messages.required).max(100, messages.nameTooLong),
    corporate_name: CorporateNameSchema,
    primary_color: HexColorSchema,
    secondary_color: HexColorSchema,
    link_redirect: z.string().trim().max(500, messages.valueInvalid),
  })
  .partial();
export type OrganizationUpdate = z.infer<typeof OrganizationUpdateSchema>;
