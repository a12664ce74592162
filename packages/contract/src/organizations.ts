import { z } from 'zod';
import { buildPageSchema, DetailSchema } from './common';

/** An organization as everyone reads it: its public branding and the flags and toggles that are on. */
export const OrganizationSchema = z.object({
  slug: z.string(),
  name: z.string(),
  corporate_name: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  /** Empty when the organization sends nobody anywhere after signing out. */
  link_redirect: z.string(),
  /** Hex without '#'. */
  primary_color: z.string(),
  /** Hex without '#'. */
  secondary_color: z.string(),
  is_test: z.boolean(),
  features: z.array(z.object({ code: z.string() })),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** A new organization, with the one-time token its first manager registers with. */
export const CreatedOrganizationSchema = OrganizationSchema.extend({ registration_token: z.string() });
export type CreatedOrganization = z.infer<typeof CreatedOrganizationSchema>;

/** An organization's e-mail header and footer images; an organization has at most one, with its own id. */
export const CustomEmailSchema = z.object({
  id: z.number().int(),
  header_image: z.string().nullable(),
  footer_image: z.string().nullable(),
});
export type CustomEmail = z.infer<typeof CustomEmailSchema>;

export const CustomEmailPageSchema = buildPageSchema(CustomEmailSchema);
export type CustomEmailPage = z.infer<typeof CustomEmailPageSchema>;

export const SavedCustomEmailSchema = CustomEmailSchema.extend(DetailSchema.shape);
export type SavedCustomEmail = z.infer<typeof SavedCustomEmailSchema>;
