import { describe, expect, it } from 'vitest';
import {
  AcceptSubscriptionInputSchema,
  computePeriodChargeCents,
  SubscriptionAddressInputSchema,
  subscriptionMessages,
} from './subscription-schemas';

const address = {
  street: 'Praça da Sé',
  street_number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'sp',
  zipcode: '01001-000',
};

function readFieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the billing address of a subscription', () => {
  it('keeps the CEP as 8 digits, the UF in capitals and br as the country', () => {
    expect(SubscriptionAddressInputSchema.parse(address)).toEqual({
      ...address,
      state: 'SP',
      zipcode: '01001000',
      complementary: null,
      country: 'br',
    });
    expect(SubscriptionAddressInputSchema.parse({ ...address, zipcode: '01001000', country: 'BR' }).country).toBe('br');
  });

  it('refuses a CEP in another format, an unknown UF and a country that is not two letters', () => {
    const result = SubscriptionAddressInputSchema.safeParse({
      ...address,
      zipcode: '1001-000',
      state: 'XX',
      country: 'bra',
    });
    expect(readFieldErrors(result)).toEqual({
      zipcode: 'CEP inválido.',
      state: subscriptionMessages.stateUnknown,
      country: subscriptionMessages.countryInvalid,
    });
    expect(readFieldErrors(SubscriptionAddressInputSchema.safeParse({ ...address, street: ' ' }))).toEqual({
      street: 'Este campo é obrigatório',
    });
  });
});

describe('the accept call’s body', () => {
  it('checks the CPF with the registration rule and keeps its digits', () => {
    expect(AcceptSubscriptionInputSchema.parse({ accepts: true, cpf: '529.982.247-25' }).cpf).toBe('52998224725');
    expect(readFieldErrors(AcceptSubscriptionInputSchema.safeParse({ accepts: true, cpf: '111.111.111-11' }))).toEqual({
      cpf: 'Cpf inválido',
    });
    expect(readFieldErrors(AcceptSubscriptionInputSchema.safeParse({}))).toEqual({
      accepts: subscriptionMessages.acceptsRequired,
    });
  });
});

describe('what each period costs', () => {
  const plan = { platform_amount: 5_000, service_amount: 20_000, recurrent_amount: 9_900, service_months: 2 };

  it('charges the services for their months, then the platform with the recurrent amount', () => {
    expect(computePeriodChargeCents(plan, 0)).toBe(25_000);
    expect(computePeriodChargeCents(plan, 1)).toBe(25_000);
    expect(computePeriodChargeCents(plan, 2)).toBe(14_900);
    expect(computePeriodChargeCents(plan, 12)).toBe(14_900);
  });

  it('charges the recurrent amount from the start when the plan charges no services', () => {
    expect(computePeriodChargeCents({ ...plan, service_amount: 0, service_months: 0 }, 0)).toBe(14_900);
  });
});
