import { describe, expect, it } from 'vitest';
import {
  BrazilianDateSchema,
  CorporateNameSchema,
  EmailSchema,
  normalizeRedirectLink,
  OptionalBrazilianDateSchema,
  PersonNameSchema,
} from './fields';
import { PasswordChangeSchema, RegistrationSchema } from './schemas';

const validRegistration = {
  organization: 'demo',
  role: 'cliente',
  hash: 'abc',
  email: 'Maria@Exemplo.com.br',
  first_name: 'Maria',
  last_name: 'Silva',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  password1: 'segredo123',
  password2: 'segredo123',
};

function messagesOf(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('registration rules', () => {
  it('accepts a complete registration and normalizes it', () => {
    const parsed = RegistrationSchema.parse(validRegistration);
    expect(parsed.email).toBe('maria@exemplo.com.br');
    expect(parsed.cpf).toBe('52998224725');
    expect(parsed.phone).toBe('11987654321');
  });

  it('gives each field its message', () => {
    const result = RegistrationSchema.safeParse({
      ...validRegistration,
      email: '',
      first_name: 'Al',
      last_name: 'x'.repeat(150),
      phone: '1199',
      cpf: '111.111.111-11',
      password1: 'curta',
      password2: 'curta',
    });
    expect(messagesOf(result)).toEqual({
      email: 'Preencha seu e-mail',
      first_name: 'Esse campo é obrigatório',
      last_name: 'Limite de 150 excedido',
      phone: 'Número de telefone inválido',
      cpf: 'Cpf inválido',
      password1: 'Mínimo 8 caracteres',
    });
  });

  it('needs the confirmation to match', () => {
    const result = RegistrationSchema.safeParse({ ...validRegistration, password2: 'segredo124' });
    expect(messagesOf(result)).toEqual({ password2: 'Senhas precisam ser iguais' });
    const short = RegistrationSchema.safeParse({ ...validRegistration, password2: 'ab' });
    expect(messagesOf(short)).toEqual({ password2: 'Senhas precisam ser iguais' });
  });

  it('refuses a password of digits only', () => {
    const digits = PasswordChangeSchema.safeParse({
      old_password: 'x',
      new_password1: '19283746501',
      new_password2: '19283746501',
    });
    expect(messagesOf(digits)).toEqual({ new_password1: 'A senha não pode ter apenas números.' });
    // Digits of other scripts and padding are digits all the same.
    for (const password of ['１２３４５６７８９', '١٢٣٤٥٦٧٨٩', ' 192837465 ']) {
      const other = PasswordChangeSchema.safeParse({
        old_password: 'x',
        new_password1: password,
        new_password2: password,
      });
      expect(messagesOf(other), password).toEqual({ new_password1: 'A senha não pode ter apenas números.' });
    }
    const mixed = PasswordChangeSchema.safeParse({
      old_password: 'x',
      new_password1: '1928374650a',
      new_password2: '1928374650a',
    });
    expect(mixed.success).toBe(true);
  });

  it('needs a password', () => {
    const result = PasswordChangeSchema.safeParse({ old_password: '', new_password1: '', new_password2: '' });
    expect(messagesOf(result)).toMatchObject({
      old_password: 'Esse campo é obrigatório.',
      new_password1: 'Esse campo é obrigatório.',
    });
  });
});

describe('single fields', () => {
  it('e-mail: required, an @, the stricter pattern', () => {
    expect(messagesOf(EmailSchema.safeParse(''))).toEqual({ '': 'Preencha seu e-mail' });
    expect(messagesOf(EmailSchema.safeParse('maria.exemplo.com'))).toEqual({
      '': 'Esse campo precisa ser um e-mail válido',
    });
    expect(EmailSchema.safeParse('maria@exemplo').success).toBe(false);
  });
  it('name: 3 to 149 characters', () => {
    expect(PersonNameSchema.safeParse('Ana').success).toBe(true);
    expect(PersonNameSchema.safeParse('x'.repeat(149)).success).toBe(true);
    expect(PersonNameSchema.safeParse('x'.repeat(150)).success).toBe(false);
  });
  it('date: dd/mm/yyyy that exists', () => {
    expect(BrazilianDateSchema.parse('29/02/2024')).toBe('2024-02-29');
    expect(messagesOf(BrazilianDateSchema.safeParse('29/02/2023'))).toEqual({ '': 'Data inválida' });
    expect(messagesOf(BrazilianDateSchema.safeParse('1/2/24'))).toEqual({ '': 'Data inválida' });
    expect(OptionalBrazilianDateSchema.parse('')).toBeNull();
  });
  it('corporate name: at least 5 characters', () => {
    expect(messagesOf(CorporateNameSchema.safeParse('ACME'))).toEqual({
      '': 'A Razão social precisa de pelo menos 5 caracteres.',
    });
  });
  it('redirect link gets https:// when it has no scheme', () => {
    expect(normalizeRedirectLink('exemplo.com.br')).toBe('https://exemplo.com.br');
    expect(normalizeRedirectLink('http://exemplo.com.br')).toBe('http://exemplo.com.br');
  });
});
