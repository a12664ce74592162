import { describe, expect, it } from 'vitest';
import { buildManagingPartnerSchema, checkPartnerBirthdate } from './managing-partner-schemas';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const schema = buildManagingPartnerSchema(() => '2026-11-24');

const partner = {
  name: 'Ana Sócia',
  email: 'Ana@Exemplo.com.br',
  cpf: '529.982.247-25',
  birthdate: '15/03/1980',
  phone: '(11) 98765-4321',
  address: {
    street: 'Avenida Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'sp',
    zipcode: '01310-100',
  },
};

describe('a managing partner', () => {
  it('is kept in the shapes the gateway takes', () => {
    expect(schema.parse(partner)).toEqual({
      ...partner,
      email: 'ana@exemplo.com.br',
      cpf: '52998224725',
      cnpj: null,
      birthdate: '1980-03-15',
      phone: '11987654321',
      address: { ...partner.address, complementary: null, state: 'SP', zipcode: '01310100' },
    });
    expect(schema.parse({ ...partner, cnpj: '11.222.333/0001-81' }).cnpj).toBe('11222333000181');
    expect(schema.parse({ ...partner, cnpj: '' }).cnpj).toBeNull();
  });

  it('says what is missing or wrong, in Portuguese', () => {
    expect(messagesOf(schema.safeParse({ address: {} }))).toEqual({
      name: 'Esse campo é obrigatório',
      email: 'Preencha seu e-mail',
      cpf: 'Número de CPF é obrigatório',
      birthdate: 'Data inválida',
      phone: 'Número de telefone inválido',
      'address.street': 'Este campo é obrigatório',
      'address.street_number': 'Este campo é obrigatório',
      'address.neighborhood': 'Este campo é obrigatório',
      'address.city': 'Este campo é obrigatório',
      'address.state': 'Este campo é obrigatório',
      'address.zipcode': 'Este campo é obrigatório',
    });
    expect(
      messagesOf(
        schema.safeParse({ ...partner, cnpj: '11.222.333/0001-80', address: { ...partner.address, state: 'XX' } }),
      ),
    ).toEqual({ cnpj: 'CNPJ inválido.', 'address.state': 'Estado inválido: use a sigla da UF (ex.: SP).' });
    expect(messagesOf(schema.safeParse({ ...partner, birthdate: '31/02/1980' }))).toEqual({
      birthdate: 'Data inválida',
    });
  });

  it('is an adult born before today', () => {
    expect(messagesOf(schema.safeParse({ ...partner, birthdate: '2026-11-25' }))).toEqual({
      birthdate: 'A data de nascimento não pode estar no futuro.',
    });
    expect(messagesOf(schema.safeParse({ ...partner, birthdate: '25/11/2008' }))).toEqual({
      birthdate: 'O sócio administrador precisa ter 18 anos ou mais.',
    });
    expect(schema.parse({ ...partner, birthdate: '24/11/2008' }).birthdate).toBe('2008-11-24');
  });
});

describe('the birthdate rule', () => {
  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(checkPartnerBirthdate('2008-02-29', '2026-02-28')).toBe(
      'O sócio administrador precisa ter 18 anos ou mais.',
    );
    expect(checkPartnerBirthdate('2008-02-29', '2026-03-01')).toBeNull();
  });
});
