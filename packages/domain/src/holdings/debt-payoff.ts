/**
 * A debt's payments from now to its payoff, in integer cents: each month the outstanding balance
 * earns the month's interest (rounded to the cent), then the payment comes off it; the last payment
 * is what is left. With the instalments left known (a loan, a financing), those are the payments.
 */
export interface Debt {
  /** What is owed now. */
  balanceCents: number;
  monthlyPaymentCents: number;
  /** Instalments still to pay, when the contract says so (null: follows from balance and interest). */
  installmentsLeft: number | null;
  /** Interest a month, in percent (1.99 for 1,99 % a month). */
  monthlyInterestPercent: number;
}

export interface DebtPayment {
  /** Months from now: 1 is the next payment. */
  monthOffset: number;
  amountCents: number;
}

export type DebtPayoff =
  | { kind: 'paid-off'; payments: DebtPayment[]; totalPaidCents: number }
  /** Not paid off within 50 years: the payment does not cover the month's interest, or barely does. */
  | { kind: 'never'; monthlyInterestCents: number };

/** Past this, a plan is no plan: 50 years of payments. */
export const maximumDebtMonths = 600;

export function projectDebtPayoff(debt: Debt): DebtPayoff {
  if (debt.balanceCents <= 0) return { kind: 'paid-off', payments: [], totalPaidCents: 0 };
  if (debt.installmentsLeft !== null) {
    const payments = Array.from({ length: Math.min(debt.installmentsLeft, maximumDebtMonths) }, (_, index) => ({
      monthOffset: index + 1,
      amountCents: debt.monthlyPaymentCents,
    }));
    return { kind: 'paid-off', payments, totalPaidCents: sumPayments(payments) };
  }
  const rate = debt.monthlyInterestPercent / 100;
  const firstInterestCents = Math.round(debt.balanceCents * rate);
  if (debt.monthlyPaymentCents <= firstInterestCents)
    return { kind: 'never', monthlyInterestCents: firstInterestCents };
  const payments: DebtPayment[] = [];
  let balanceCents = debt.balanceCents;
  for (let monthOffset = 1; balanceCents > 0 && monthOffset <= maximumDebtMonths; monthOffset++) {
    balanceCents += Math.round(balanceCents * rate);
    const amountCents = Math.min(debt.monthlyPaymentCents, balanceCents);
    balanceCents -= amountCents;
    payments.push({ monthOffset, amountCents });
  }
  if (balanceCents > 0) return { kind: 'never', monthlyInterestCents: firstInterestCents };
  return { kind: 'paid-off', payments, totalPaidCents: sumPayments(payments) };
}

function sumPayments(payments: readonly DebtPayment[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountCents, 0);
}
