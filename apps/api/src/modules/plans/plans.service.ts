import type { Plan } from '@prumo/contract/plans';
import { computePlanTotalCents, findPlanCode } from '@prumo/domain/payments/plan-rules';
import { findPlanInconsistencies, type NewPlan, type PlanChanges } from '@prumo/domain/payments/plan-schemas';
import { plans } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound, failOnFields } from '../../lib/domain-errors';
import { createSecret } from '../../lib/secrets';
import type { Caller } from '../../plugins/authentication';
import { findExistingOrganization } from '../organizations/index';
import { countRowsHoldingOrganization } from './organization-rows.repo';
import {
  findActivePlansOfOrganization,
  findPlanForChange,
  findVisiblePlanByHashedId,
  findVisiblePlanById,
  findVisiblePlans,
  insertPlan,
  type PlanFields,
  type PlanRow,
  updatePlan,
} from './plans.repo';

/** Plans are not deleted (a subscription may name one): the cap keeps a list of plans a list. */
export const maximumPlansPerOrganization = 100;

export const planServiceMessages = {
  notFound: 'Plano não encontrado.',
  tooMany: `Limite de ${maximumPlansPerOrganization} planos atingido: desative um plano e edite-o em vez de criar outro.`,
};

/** 16 random bytes as base64url (22 characters): a link nobody can guess or count up to. */
const hashedIdBytes = 16;

export function presentPlan(row: PlanRow): Plan {
  const amounts = {
    platform_amount: row.platformAmountCents,
    service_amount: row.serviceAmountCents,
    recurrent_amount: row.recurrentAmountCents,
  };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    plan_code: findPlanCode(row.type),
    ...amounts,
    service_months: row.serviceMonths,
    hashed_id: row.hashedId,
    is_active: row.isActive,
    payday: row.payday,
    serviceProvision: row.services,
    total_amount: computePlanTotalCents(amounts),
  };
}

function readPlanFields(plan: NewPlan): PlanFields {
  return {
    name: plan.name,
    description: plan.description,
    type: plan.type,
    platformAmountCents: plan.platform_amount,
    serviceAmountCents: plan.service_amount,
    recurrentAmountCents: plan.recurrent_amount,
    serviceMonths: plan.service_months,
    isActive: plan.is_active,
    payday: plan.payday,
    services: plan.serviceProvision,
  };
}

/** The changes under the repository's names; a field the body leaves out stays undefined. */
function readPlanChanges(changes: PlanChanges): Partial<PlanFields> {
  return {
    name: changes.name,
    description: changes.description,
    type: changes.type,
    platformAmountCents: changes.platform_amount,
    serviceAmountCents: changes.service_amount,
    recurrentAmountCents: changes.recurrent_amount,
    serviceMonths: changes.service_months,
    isActive: changes.is_active,
    payday: changes.payday,
    services: changes.serviceProvision,
  };
}

/** A manager reads every plan of the organization; a client or planner its active ones. */
export async function listPlans(deps: AppDependencies, caller: Caller): Promise<Plan[]> {
  return (await findVisiblePlans(deps.db, caller)).map(presentPlan);
}

export async function findPlan(deps: AppDependencies, caller: Caller, planId: number): Promise<Plan> {
  const row = await findVisiblePlanById(deps.db, caller, planId);
  if (!row) failNotFound(planServiceMessages.notFound);
  return presentPlan(row);
}

export async function findPlanByHashedId(deps: AppDependencies, caller: Caller, hashedId: string): Promise<Plan> {
  const row = await findVisiblePlanByHashedId(deps.db, caller, hashedId);
  if (!row) failNotFound(planServiceMessages.notFound);
  return presentPlan(row);
}

/** An organization's active plans, for visitors (its registration pages): 404 for an unknown organization. */
export async function listPublicPlans(deps: AppDependencies, slug: string): Promise<Plan[]> {
  const { organization } = await findExistingOrganization(deps, slug);
  return (await findActivePlansOfOrganization(deps.db, organization.id)).map(presentPlan);
}

export async function createPlan(deps: AppDependencies, caller: Caller, plan: NewPlan): Promise<Plan> {
  const created = await deps.db.transaction(async (transaction) => {
    if (
      (await countRowsHoldingOrganization(transaction, plans, caller.organizationId)) >= maximumPlansPerOrganization
    ) {
      failInvalid(planServiceMessages.tooMany);
    }
    return insertPlan(transaction, caller.organizationId, createSecret(hashedIdBytes), readPlanFields(plan));
  });
  return presentPlan(created);
}

/** Changes some of a plan's fields; the rules between fields are checked on the plan the change makes. */
export async function changePlan(
  deps: AppDependencies,
  caller: Caller,
  planId: number,
  changes: PlanChanges,
): Promise<Plan> {
  const updated = await deps.db.transaction(async (transaction) => {
    const stored = await findPlanForChange(transaction, caller.organizationId, planId);
    if (!stored) failNotFound(planServiceMessages.notFound);
    const current = presentPlan(stored);
    const issues = findPlanInconsistencies({
      type: changes.type ?? current.type,
      platform_amount: changes.platform_amount ?? current.platform_amount,
      service_amount: changes.service_amount ?? current.service_amount,
      recurrent_amount: changes.recurrent_amount ?? current.recurrent_amount,
      service_months: changes.service_months ?? current.service_months,
      serviceProvision: changes.serviceProvision ?? current.serviceProvision,
    });
    if (issues.length > 0) {
      failOnFields(Object.fromEntries(issues.map((issue) => [issue.field, [issue.message]])));
    }
    return updatePlan(transaction, caller.organizationId, planId, readPlanChanges(changes));
  });
  return presentPlan(updated);
}
