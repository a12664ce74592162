/**
 * Pagar.me's test cards, which the sandbox honours: every other valid number is paid. A CVV
 * starting with 6 is refused by the issuer, whatever the number.
 */
export type SandboxCardOutcome = 'paid' | 'not_authorized' | 'processing_then_paid' | 'processing_then_failed';

const outcomeByTestNumber: Record<string, SandboxCardOutcome> = {
  '4000000000000010': 'paid',
  '4000000000000028': 'not_authorized',
  '4000000000000036': 'processing_then_paid',
  '4000000000000044': 'processing_then_failed',
};

export function findCardOutcome(number: string): SandboxCardOutcome {
  return outcomeByTestNumber[number] ?? 'paid';
}

export function isCvvRefused(cvv: string): boolean {
  return cvv.startsWith('6');
}

/** Two-digit years are this century's (27 → 2027). */
export function readFullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is good through the last day of its month; months are counted in Brazil's time. */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return expYear < year || (expYear === year && expMonth < month);
}

/** What the simulated acquirer answers, as Pagar.me's transaction fields. */
export const acquirerAnswers = {
  approved: { transactionStatus: 'captured', message: 'Transação aprovada com sucesso', returnCode: '00' },
  notAuthorized: { transactionStatus: 'not_authorized', message: 'Transação não autorizada', returnCode: '05' },
  cvvRefused: { transactionStatus: 'not_authorized', message: 'Código de segurança inválido', returnCode: 'N7' },
  processing: { transactionStatus: 'processing', message: 'Transação em processamento', returnCode: '' },
  refunded: { transactionStatus: 'refunded', message: 'Transação estornada', returnCode: '00' },
  voided: { transactionStatus: 'voided', message: 'Transação cancelada', returnCode: '00' },
} as const;
