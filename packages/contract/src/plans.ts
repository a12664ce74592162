import { bankAccountTypes, bankHolderTypes } from '@prumo/domain/payments/bank-account-schemas';
import { planTypes, serviceKinds } from '@prumo/domain/payments/plan-rules';
import { z } from 'zod';

/** A service a plan lists: its period in months, its fee in integer cents. */
export const PlanServiceSchema = z.object({
  kind: z.enum(serviceKinds),
  name: z.string(),
  period: z.number().int(),
  description: z.string(),
  fee: z.number().int(),
});
export type PlanService = z.infer<typeof PlanServiceSchema>;

/**
 * A plan of the organization. Amounts are integer cents; `total_amount` is what a client pays each
 * period (`computePlanTotalCents`); `plan_code` is 1 for the platform plan and 2 for a plan with
 * services; `payday` is the day of the month it is charged (1–28), null for the day the client
 * subscribed; `hashed_id` names the plan in links (payment/{hashed_id}).
 */
export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(planTypes),
  plan_code: z.number().int(),
  platform_amount: z.number().int(),
  service_amount: z.number().int(),
  recurrent_amount: z.number().int(),
  service_months: z.number().int(),
  hashed_id: z.string(),
  is_active: z.boolean(),
  payday: z.number().int().nullable(),
  serviceProvision: z.array(PlanServiceSchema),
  total_amount: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;

/**
 * An account the gateway pays the organization into, in the gateway's own fields. `is_default`
 * marks the one sent as the recipient's `default_bank_account`; `bank_name` is the bank's name in
 * GET bank/.
 */
export const BankAccountSchema = z.object({
  id: z.number().int(),
  holder_name: z.string(),
  holder_type: z.enum(bankHolderTypes),
  holder_document: z.string(),
  bank: z.string(),
  bank_name: z.string(),
  branch_number: z.string(),
  branch_check_digit: z.string().nullable(),
  account_number: z.string(),
  account_check_digit: z.string(),
  type: z.enum(bankAccountTypes),
  is_default: z.boolean(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const PartnerAddressSchema = z.object({
  street: z.string(),
  street_number: z.string(),
  complementary: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  /** The UF in capitals ("SP"). */
  state: z.string(),
  /** 8 digits. */
  zipcode: z.string(),
});

/**
 * A managing partner (sócio administrador). Documents and phone are digits, `birthdate` is
 * "YYYY-MM-DD". The gateway needs every field but `cnpj` and `address.complementary`.
 */
export const ManagingPartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  cpf: z.string(),
  cnpj: z.string().nullable(),
  birthdate: z.string(),
  phone: z.string(),
  address: PartnerAddressSchema,
});
export type ManagingPartner = z.infer<typeof ManagingPartnerSchema>;
