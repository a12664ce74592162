import type { Plan } from '@prumo/contract/plans';
import { validationMessages } from '@prumo/domain/account/messages';
import {
  computePlanTotalCents,
  type PlanType,
  type ServiceKind,
  serviceKindLabels,
} from '@prumo/domain/payments/plan-rules';
import { NewPlanSchema } from '@prumo/domain/payments/plan-schemas';
import { checkTypedAmount, formatTypedCents, readTypedAmount } from '../../../lib/typed-values';
import type { PlanBody } from '../api/save-plan';

/** A service as its fields hold it: everything typed is text. */
export interface ServiceFormValues {
  kind: ServiceKind;
  name: string;
  period: string;
  description: string;
  fee: string;
}

export interface PlanFormValues {
  name: string;
  description: string;
  type: PlanType;
  platform_amount: string;
  service_amount: string;
  recurrent_amount: string;
  service_months: string;
  /** '' for the day the client subscribed, else "1"–"28". */
  payday: string;
  is_active: boolean;
  serviceProvision: ServiceFormValues[];
}

export function createEmptyService(kind: ServiceKind = 'planning'): ServiceFormValues {
  return { kind, name: kind === 'custom' ? '' : serviceKindLabels[kind], period: '12', description: '', fee: '' };
}

export function buildPlanFormValues(plan: Plan | null): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      type: 'service',
      platform_amount: '',
      service_amount: '',
      recurrent_amount: '',
      service_months: '',
      payday: '',
      is_active: true,
      serviceProvision: [],
    };
  }
  return {
    name: plan.name,
    description: plan.description,
    type: plan.type,
    platform_amount: formatTypedCents(plan.platform_amount),
    service_amount: formatTypedCents(plan.service_amount),
    recurrent_amount: formatTypedCents(plan.recurrent_amount),
    service_months: plan.service_months ? String(plan.service_months) : '',
    payday: plan.payday === null ? '' : String(plan.payday),
    is_active: plan.is_active,
    serviceProvision: plan.serviceProvision.map((service) => ({
      kind: service.kind,
      name: service.name,
      period: String(service.period),
      description: service.description,
      fee: formatTypedCents(service.fee),
    })),
  };
}

/** A whole number typed (blank: zero); NaN when it is none, so the schema says 'Número inválido'. */
function readTypedWholeNumber(text: string): number {
  const value = text.trim();
  if (!value) return 0;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The body the form sends. A platform plan sends no services and no services' amount, whatever the
 * fields held before the type changed. An amount that is no amount is sent as NaN: the form checks
 * it first (`validatePlanForm`).
 */
export function buildPlanBody(values: PlanFormValues): PlanBody {
  // Blank is zero here: only the platform amount is required.
  const readAmount = (text: string) => (text.trim() ? (readTypedAmount(text) ?? Number.NaN) : 0);
  const isPlatform = values.type === 'platform';
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type,
    platform_amount: readAmount(values.platform_amount),
    service_amount: isPlatform ? 0 : readAmount(values.service_amount),
    recurrent_amount: readAmount(values.recurrent_amount),
    service_months: isPlatform ? 0 : readTypedWholeNumber(values.service_months),
    is_active: values.is_active,
    payday: values.payday ? Number(values.payday) : null,
    serviceProvision: isPlatform
      ? []
      : values.serviceProvision.map((service) => ({
          kind: service.kind,
          name: service.name.trim(),
          period: readTypedWholeNumber(service.period),
          description: service.description.trim(),
          fee: readAmount(service.fee),
        })),
  };
}

/** What each money field of the form is, by its path ('serviceProvision.0.fee'…). */
function listMoneyFields(values: PlanFormValues): [path: string, text: string, required: boolean][] {
  return [
    ['platform_amount', values.platform_amount, true],
    ['service_amount', values.service_amount, false],
    ['recurrent_amount', values.recurrent_amount, false],
    ...values.serviceProvision.map(
      (service, index) => [`serviceProvision.${index}.fee`, service.fee, false] as [string, string, boolean],
    ),
  ];
}

/**
 * The form's errors, by field path: a money field that is no amount says so; the rest are the
 * domain's rules and messages (the same the API answers), the first per field.
 */
export function validatePlanForm(values: PlanFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, text, required] of listMoneyFields(values)) {
    const message = checkTypedAmount(text, { required });
    if (message) errors[path] = message;
  }
  const result = NewPlanSchema.safeParse(buildPlanBody(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  for (const [index, service] of values.serviceProvision.entries()) {
    if (!service.period.trim()) errors[`serviceProvision.${index}.period`] = validationMessages.required;
  }
  return errors;
}

/** The total per month the typed amounts make, or null while one of them is no amount. */
export function previewPlanTotal(values: PlanFormValues): number | null {
  const body = buildPlanBody(values);
  const amounts = [body.platform_amount, body.service_amount, body.recurrent_amount];
  return amounts.some(Number.isNaN) ? null : computePlanTotalCents(body);
}
