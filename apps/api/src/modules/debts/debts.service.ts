import type { Debt } from '@prumo/contract/debts';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findMonthOfDay, shiftMonth } from '@prumo/domain/budget/target-month';
import { projectDebtPayoff } from '@prumo/domain/holdings/debt-payoff';
import { debts } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound } from '../../lib/domain-errors';
import { type ClientScope, countRowsHoldingClient } from '../../lib/scope';
import {
  type DebtFields,
  type DebtRow,
  deleteDebt as deleteDebtRow,
  findDebts,
  insertDebt,
  updateDebt,
} from './debts.repo';

/** A client owes a handful of debts; the cap keeps one client's list and its projections small. */
export const maximumDebtsPerClient = 100;

/** The interest rate is stored in ten-thousandths of a percent, so 4 decimals stay exact. */
export const interestRateScale = 10_000;

export const debtMessages = {
  notFound: 'Dívida não encontrada.',
  tooMany: `Limite de ${maximumDebtsPerClient} dívidas atingido: apague uma para criar outra.`,
};

function presentDebt(row: DebtRow, today: string): Debt {
  const interestRate = row.interestRateTenThousandths / interestRateScale;
  const projection = projectDebtPayoff({
    balanceCents: row.balanceCents,
    monthlyPaymentCents: row.monthlyPaymentCents,
    installmentsLeft: row.installmentsLeft,
    monthlyInterestPercent: interestRate,
  });
  const fields = {
    id: row.id,
    name: row.name,
    balance: row.balanceCents,
    monthly_payment: row.monthlyPaymentCents,
    installments_left: row.installmentsLeft,
    interest_rate: interestRate,
  };
  if (projection.kind === 'never') {
    return { ...fields, payoff: null, never_paid_off: true, monthly_interest: projection.monthlyInterestCents };
  }
  const months = projection.payments.length;
  return {
    ...fields,
    payoff: {
      months,
      payoff_month: shiftMonth(findMonthOfDay(today), months).slice(0, 7),
      total_paid: projection.totalPaidCents,
    },
    never_paid_off: false,
    monthly_interest: null,
  };
}

/** The client's debts, each with when it ends from this month (in Brazil) on. */
export async function listDebts(deps: AppDependencies, scope: ClientScope): Promise<Debt[]> {
  const today = findTodayInBrazil(new Date());
  return (await findDebts(deps.db, scope)).map((row) => presentDebt(row, today));
}

export async function createDebt(deps: AppDependencies, scope: ClientScope, fields: DebtFields): Promise<Debt> {
  const created = await deps.db.transaction(async (transaction) => {
    if ((await countRowsHoldingClient(transaction, debts, scope)) >= maximumDebtsPerClient) {
      failInvalid(debtMessages.tooMany);
    }
    return insertDebt(transaction, scope, fields);
  });
  return presentDebt(created, findTodayInBrazil(new Date()));
}

export async function changeDebt(
  deps: AppDependencies,
  scope: ClientScope,
  debtId: number,
  changes: Partial<DebtFields>,
): Promise<Debt> {
  const updated = await updateDebt(deps.db, scope, debtId, changes);
  if (!updated) failNotFound(debtMessages.notFound);
  return presentDebt(updated, findTodayInBrazil(new Date()));
}

export async function deleteDebt(deps: AppDependencies, scope: ClientScope, debtId: number): Promise<void> {
  if (!(await deleteDebtRow(deps.db, scope, debtId))) failNotFound(debtMessages.notFound);
}
