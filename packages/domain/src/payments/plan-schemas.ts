import { z } from 'zod';
import { describeLengthLimit, validationMessages } from '../account/messages';
import { buildCentsSchema } from '../money/cents-schema';
import { requireSomeField } from '../records/update-fields';
import {
  maximumPayday,
  maximumServiceMonths,
  type PlanAmounts,
  type PlanType,
  planTypes,
  serviceKinds,
} from './plan-rules';

export const maximumPlanNameLength = 60;
export const maximumPlanDescriptionLength = 600;
export const maximumServicesPerPlan = 20;

export const serviceMessages = {
  kindInvalid: 'Tipo de serviço inválido: use planejamento, consultoria ou personalizado.',
  nameLength: 'O nome do serviço deve ter de 2 a 25 caracteres.',
  period: validationMessages.numberInvalid,
  descriptionLength: 'A descrição do serviço deve ter de 10 a 600 caracteres.',
  fee: validationMessages.valueInvalid,
};

export const planMessages = {
  nameLength: `O nome do plano deve ter de 2 a ${maximumPlanNameLength} caracteres.`,
  typeInvalid: 'Tipo de plano inválido: use plataforma ou serviço.',
  serviceMonths: validationMessages.numberInvalid,
  payday: `Informe um dia de cobrança entre 1 e ${maximumPayday}.`,
  isActive: 'Informe verdadeiro ou falso.',
  tooManyServices: `Limite de ${maximumServicesPerPlan} serviços por plano.`,
  platformChargesService: 'Um plano de plataforma não cobra serviços: deixe o valor dos serviços em zero.',
  platformListsServices: 'Um plano de plataforma não inclui serviços.',
  serviceMonthsRequired: 'Informe por quantos meses os serviços são cobrados.',
  serviceTotalZero: 'Um plano com serviços precisa de um total acima de zero.',
};

/** A text typed between `minimum` and `maximum` characters (after trimming), one message for both ends. */
function buildBoundedTextSchema(minimum: number, maximum: number, message: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? validationMessages.required : message),
    })
    .trim()
    .min(1, { message: validationMessages.required, abort: true })
    .min(minimum, { message, abort: true })
    .max(maximum, { message, abort: true });
}

/**
 * A service's period in months: 1 or 2 digits, as a number or as the form's text. Anything else
 * (0, 100, "1a", true) is 'Número inválido', never clamped.
 */
export const ServicePeriodSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, serviceMessages.period),
    ],
    {
      error: (issue) => (issue.input === undefined ? validationMessages.required : serviceMessages.period),
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int(serviceMessages.period)
      .min(1, serviceMessages.period)
      .max(maximumServiceMonths, serviceMessages.period),
  );

/** Cents, zero or more: a fee, or one of a plan's amounts. */
const AmountCentsSchema = buildCentsSchema({ allowZero: true });

export const ServiceSchema = z.object({
  kind: z.enum(serviceKinds, { error: serviceMessages.kindInvalid }),
  name: buildBoundedTextSchema(2, 25, serviceMessages.nameLength),
  period: ServicePeriodSchema,
  description: buildBoundedTextSchema(10, 600, serviceMessages.descriptionLength),
  fee: AmountCentsSchema,
});
export type Service = z.infer<typeof ServiceSchema>;

const PlanNameSchema = buildBoundedTextSchema(2, maximumPlanNameLength, planMessages.nameLength);
const PlanDescriptionSchema = z
  .string({ error: 'Informe um texto.' })
  .trim()
  .max(maximumPlanDescriptionLength, describeLengthLimit(maximumPlanDescriptionLength));
/** The published word for a plan beyond the platform is "other": Prumo's name for it is `service`. */
const PlanTypeSchema = z.preprocess(
  (value) => (value === 'other' ? 'service' : value),
  z.enum(planTypes, { error: planMessages.typeInvalid }),
);
const ServiceMonthsSchema = z
  .number({ error: (issue) => (issue.input === undefined ? validationMessages.required : planMessages.serviceMonths) })
  .int(planMessages.serviceMonths)
  .min(0, planMessages.serviceMonths)
  .max(maximumServiceMonths, planMessages.serviceMonths);
/** The day of the month the charge falls on; null: the day the client subscribed. */
const PaydaySchema = z
  .number({ error: planMessages.payday })
  .int(planMessages.payday)
  .min(1, planMessages.payday)
  .max(maximumPayday, planMessages.payday)
  .nullable();
const IsActiveSchema = z.boolean({ error: planMessages.isActive });
const ServiceProvisionSchema = z
  .array(ServiceSchema, { error: 'Informe uma lista.' })
  .max(maximumServicesPerPlan, planMessages.tooManyServices);

/** The fields of a plan whose values depend on each other. */
export interface PlanRuleFields extends PlanAmounts {
  type: PlanType;
  service_months: number;
  serviceProvision: readonly unknown[];
}

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Whether a plan's total (computePlanTotalCents) is zero, told without adding: the rules between
 * fields also run on amounts the field rules refuse (past the largest safe number), and adding those
 * would throw instead of leaving the field's own message to say what is wrong.
 */
function chargesNothing(plan: PlanAmounts): boolean {
  const added = plan.service_amount > 0 ? plan.service_amount : plan.recurrent_amount;
  return plan.platform_amount <= 0 && added <= 0;
}

/**
 * What a whole plan breaks of the rules between its fields: a platform plan charges and lists no
 * services; services charged need their months; a plan with services costs something.
 */
export function findPlanInconsistencies(plan: PlanRuleFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (plan.type === 'platform') {
    if (plan.service_amount > 0) issues.push({ field: 'service_amount', message: planMessages.platformChargesService });
    if (plan.serviceProvision.length > 0) {
      issues.push({ field: 'serviceProvision', message: planMessages.platformListsServices });
    }
  }
  if (plan.service_amount > 0 && plan.service_months < 1) {
    issues.push({ field: 'service_months', message: planMessages.serviceMonthsRequired });
  }
  if (plan.type === 'service' && chargesNothing(plan)) {
    issues.push({ field: 'platform_amount', message: planMessages.serviceTotalZero });
  }
  return issues;
}

/** A new plan: name, type and the platform's amount are required; the rest starts empty, active. */
export const NewPlanSchema = z
  .object({
    name: PlanNameSchema,
    description: PlanDescriptionSchema.default(''),
    type: PlanTypeSchema,
    platform_amount: AmountCentsSchema,
    service_amount: AmountCentsSchema.default(0),
    recurrent_amount: AmountCentsSchema.default(0),
    service_months: ServiceMonthsSchema.default(0),
    is_active: IsActiveSchema.default(true),
    payday: PaydaySchema.default(null),
    serviceProvision: ServiceProvisionSchema.default([]),
  })
  .superRefine((plan, context) => {
    for (const issue of findPlanInconsistencies(plan)) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    }
  });
export type NewPlan = z.infer<typeof NewPlanSchema>;

/**
 * A plan's changes: any of its fields, at least one (switching `is_active` alone, say). The rules
 * between fields are checked on the plan as it would be after the change.
 */
export const PlanChangesSchema = requireSomeField(
  z.object({
    name: PlanNameSchema.optional(),
    description: PlanDescriptionSchema.optional(),
    type: PlanTypeSchema.optional(),
    platform_amount: AmountCentsSchema.optional(),
    service_amount: AmountCentsSchema.optional(),
    recurrent_amount: AmountCentsSchema.optional(),
    service_months: ServiceMonthsSchema.optional(),
    is_active: IsActiveSchema.optional(),
    payday: PaydaySchema.optional(),
    serviceProvision: ServiceProvisionSchema.optional(),
  }),
);
export type PlanChanges = z.infer<typeof PlanChangesSchema>;
