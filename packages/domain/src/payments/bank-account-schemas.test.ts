import { describe, expect, it } from 'vitest';
import { BankAccountSchema } from './bank-account-schemas';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const personal = {
  holder_name: 'Maria Silva',
  holder_type: 'individual',
  holder_document: '529.982.247-25',
  bank: '341',
  branch_number: '0932',
  account_number: '58054',
  account_check_digit: '1',
  type: 'checking',
};

describe('a bank account', () => {
  it('keeps documents as digits, bank codes as 3 digits, check digits in capitals', () => {
    expect(
      BankAccountSchema.parse({ ...personal, bank: '1', branch_check_digit: 'x', account_check_digit: 'x' }),
    ).toEqual({
      ...personal,
      holder_document: '52998224725',
      bank: '001',
      branch_check_digit: 'X',
      account_check_digit: 'X',
    });
    expect(BankAccountSchema.parse({ ...personal, branch_check_digit: '' }).branch_check_digit).toBeNull();
  });

  it('asks a CPF of a person and a CNPJ of a company, with their messages', () => {
    expect(messagesOf(BankAccountSchema.safeParse({ ...personal, holder_document: '11.222.333/0001-81' }))).toEqual({
      holder_document: 'Cpf inválido',
    });
    expect(messagesOf(BankAccountSchema.safeParse({ ...personal, holder_document: '' }))).toEqual({
      holder_document: 'Número de CPF é obrigatório',
    });
    const company = { ...personal, holder_type: 'company' };
    expect(messagesOf(BankAccountSchema.safeParse(company))).toEqual({ holder_document: 'CNPJ inválido.' });
    expect(BankAccountSchema.parse({ ...company, holder_document: '11.222.333/0001-81' }).holder_document).toBe(
      '11222333000181',
    );
    expect(messagesOf(BankAccountSchema.safeParse({ ...personal, holder_type: 'other' }))).toEqual({
      holder_type: 'Tipo de titular inválido: use pessoa física ou pessoa jurídica.',
    });
  });

  it('refuses what the gateway would refuse, field by field', () => {
    expect(
      messagesOf(
        BankAccountSchema.safeParse({
          ...personal,
          holder_name: 'x'.repeat(31),
          bank: '999',
          branch_number: '12345',
          branch_check_digit: '12',
          account_number: '12345678901234',
          account_check_digit: '123',
          type: 'investment',
        }),
      ),
    ).toEqual({
      holder_name: 'O nome do titular deve ter de 2 a 30 caracteres.',
      bank: 'Banco não encontrado: escolha um banco da lista.',
      branch_number: 'Agência inválida: use até 4 dígitos.',
      branch_check_digit: 'Dígito da agência inválido: use 1 letra ou número.',
      account_number: 'Conta inválida: use até 13 dígitos.',
      account_check_digit: 'Dígito da conta inválido: use 1 ou 2 letras ou números.',
      type: 'Tipo de conta inválido: use conta corrente ou poupança.',
    });
    expect(messagesOf(BankAccountSchema.safeParse({ ...personal, bank: '' }))).toEqual({
      bank: 'Digite o nome do banco',
    });
  });
});
