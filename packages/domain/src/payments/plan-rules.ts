import { assertSafeCents } from '../money/cents';

/**
 * A plan is what a client subscribes to. `platform`: access to the app only, accepted without a card.
 * `service`: the platform with a planner's services, paid by card.
 */
export const planTypes = ['platform', 'service'] as const;
export type PlanType = (typeof planTypes)[number];

export const planTypeLabels: Record<PlanType, string> = {
  platform: 'Plataforma',
  service: 'Plataforma com serviços',
};

/** The platform plan's code is 1 (the subscription menu is hidden for it); a plan with services is 2. */
export const platformPlanCode = 1;
export const servicePlanCode = 2;

const planCodeByType: Record<PlanType, number> = { platform: platformPlanCode, service: servicePlanCode };

export function findPlanCode(type: PlanType): number {
  return planCodeByType[type];
}

/** The kinds of service a plan lists; `custom` is one the manager names and describes freely. */
export const serviceKinds = ['planning', 'advisory', 'custom'] as const;
export type ServiceKind = (typeof serviceKinds)[number];

export const serviceKindLabels: Record<ServiceKind, string> = {
  planning: 'Planejamento financeiro',
  advisory: 'Consultoria financeira',
  custom: 'Personalizado',
};

/** A charge day every month has: 29, 30 and 31 would skip February. */
export const maximumPayday = 28;

/** The longest a service lasts or is charged, in months: the period is typed with 1 or 2 digits. */
export const maximumServiceMonths = 99;

export interface PlanAmounts {
  /** Cents, the platform's share. */
  platform_amount: number;
  /** Cents charged for the services; 0 when the plan charges none. */
  service_amount: number;
  /** Cents charged instead of the services' amount when that is 0. */
  recurrent_amount: number;
}

/**
 * What a client pays each period, in cents: the platform's amount plus the services' amount when
 * it is above zero, otherwise plus the recurrent amount.
 */
export function computePlanTotalCents(plan: PlanAmounts): number {
  const added = plan.service_amount > 0 ? plan.service_amount : plan.recurrent_amount;
  return assertSafeCents(plan.platform_amount + added);
}
