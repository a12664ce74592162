import { formatCents } from '@prumo/domain/money/cents';
import type { StatementTransaction } from './statement-types';

/** For a statement that ends before its closing tags: what the user is told. */
export const cutShortWarning =
  'O arquivo termina antes do fim do extrato: parece incompleto (um download interrompido?). Só o que veio antes do corte foi lido; baixe o extrato de novo e envie-o para trazer o restante.';

/**
 * When a statement gives both an opening and a closing balance, its lines must take one to the
 * other; when they do not, lines are missing (or extra) and the user is told by how much.
 */
export function checkBalancesAgree(
  openingCents: number | null,
  transactions: readonly StatementTransaction[],
  closingCents: number | null,
): string | null {
  if (openingCents === null || closingCents === null) return null;
  let linesCents = 0;
  for (const transaction of transactions) linesCents += transaction.amountCents;
  if (openingCents + linesCents === closingCents) return null;
  return `Os saldos do arquivo não batem com os lançamentos: saldo anterior ${formatCents(openingCents)} mais os lançamentos (${formatCents(linesCents)}) dá ${formatCents(openingCents + linesCents)}, mas o saldo final é ${formatCents(closingCents)}. O arquivo parece incompleto.`;
}

/** "Saldo anterior", "Saldo inicial": the balance before the statement's first line. */
export function isOpeningBalanceLabel(normalizedLabel: string): boolean {
  return /^saldo (anterior|inicial)/.test(normalizedLabel);
}
