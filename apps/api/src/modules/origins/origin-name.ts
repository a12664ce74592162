import { findBankByCode } from '@prumo/domain/banks/brazilian-banks';

export interface OriginIdentityView {
  kind: 'bank_account' | 'credit_card' | 'manual';
  bankCode: string;
  branch: string;
  accountNumber: string;
  nickname: string | null;
}

/** How an account is named everywhere: its nickname, else bank and number ("Itaú Unibanco · 9999 99999-9"). */
export function describeOrigin(origin: OriginIdentityView): string {
  if (origin.nickname) return origin.nickname;
  const bank = findBankByCode(origin.bankCode)?.name ?? (origin.bankCode ? `Banco ${origin.bankCode}` : null);
  const number = [origin.branch, origin.accountNumber].filter(Boolean).join(' ');
  if (origin.kind === 'credit_card')
    return ['Cartão', bank, number && `final ${number.slice(-4)}`].filter(Boolean).join(' ');
  if (origin.kind === 'manual') return 'Conta manual';
  return [bank ?? 'Conta', number].filter(Boolean).join(' · ');
}
