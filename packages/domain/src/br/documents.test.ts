import { describe, expect, it } from 'vitest';
import { CepSchema, CnpjSchema, CpfSchema, HousePhoneSchema, PhoneSchema, StateSchema } from '../account/fields';
import { cepMessages, formatCep, parseCep } from './cep';
import { formatCnpj, isValidCnpj } from './cnpj';
import { formatCpf, isValidCpf } from './cpf';
import { formatPhone } from './phone';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05'])('accepts the valid %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each(['529.982.247-24', '111.111.111-11', '00000000000', '1234567890', '123.456.789-00', '52998224726'])(
    'refuses %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );
  it('says the CPF is required or invalid', () => {
    expect(firstMessage(CpfSchema.safeParse(''))).toBe('Número de CPF é obrigatório');
    expect(firstMessage(CpfSchema.safeParse('123.456.789-00'))).toBe('Cpf inválido');
    expect(CpfSchema.parse('529.982.247-25')).toBe('52998224725');
  });
  it('masks as ###.###.###-##', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('529.9');
  });
});

describe('CNPJ', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '04.252.011/0001-10', '00.000.000/0001-91'])(
    'accepts the valid %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );
  it.each(['11.222.333/0001-80', '11111111111111', '1122233300018', '04.252.011/0001-11'])('refuses %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
  it('says the CNPJ is required or invalid', () => {
    expect(firstMessage(CnpjSchema.safeParse(''))).toBe('CNPJ é obrigatório.');
    expect(firstMessage(CnpjSchema.safeParse('11.222.333/0001-80'))).toBe('CNPJ inválido.');
  });
  it('masks as ##.###.###/####-##', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('phone', () => {
  it('accepts 10 or 11 digits, masked or not, and stores digits', () => {
    expect(PhoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(PhoneSchema.parse('(11) 3456-7890')).toBe('1134567890');
    expect(PhoneSchema.parse('11987654321')).toBe('11987654321');
  });
  it('tells a wrong length from letters among the digits', () => {
    expect(firstMessage(PhoneSchema.safeParse('(11) 9876-543'))).toBe('Número de telefone inválido');
    expect(firstMessage(PhoneSchema.safeParse('11 9abc-54321'))).toBe('Use apenas números');
    expect(firstMessage(PhoneSchema.safeParse('119876543210'))).toBe('Número de telefone inválido');
  });
  it('masks to 14 or 15 characters', () => {
    expect(formatPhone('1134567890')).toHaveLength(14);
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
  });
  it('takes a house phone of at most 11 digits', () => {
    expect(HousePhoneSchema.safeParse('1134567890').success).toBe(true);
    expect(HousePhoneSchema.safeParse('113456789012').success).toBe(false);
  });
});

describe('address', () => {
  it('needs a CEP of 8 digits and masks it', () => {
    expect(CepSchema.parse('01310-100')).toBe('01310100');
    expect(CepSchema.safeParse('0131010').success).toBe(false);
    expect(formatCep('01310100')).toBe('01310-100');
  });
  it('reads a CEP to look up from its 8 digits, with or without the hyphen', () => {
    expect(parseCep('01001-000')).toBe('01001000');
    expect(parseCep(' 01001000 ')).toBe('01001000');
    for (const wrong of [
      '0100100',
      '010010000',
      '01001_000',
      '01.001-000',
      'abcde-fgh',
      '',
      '00000-000',
      '01001-00a',
    ]) {
      expect(parseCep(wrong), wrong).toBeNull();
    }
    expect(cepMessages).toEqual({ invalid: 'CEP inválido.', notFound: 'CEP não encontrado.' });
  });
  it('needs a state of exactly 2 characters', () => {
    expect(firstMessage(StateSchema.safeParse('SPA'))).toBe('O estado deve ter exatamente 2 caracteres');
    expect(StateSchema.parse('sp')).toBe('sp');
  });
});
