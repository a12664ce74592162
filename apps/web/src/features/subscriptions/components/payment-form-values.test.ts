import { describe, expect, it } from 'vitest';
import {
  buildAcceptBody,
  buildCardToTokenize,
  createEmptyPaymentValues,
  fillAddressFromCep,
  formatCardNumberMask,
  formatCepMask,
  formatCpfMask,
  formatCvvMask,
  formatExpiryMask,
  isCepReadyForLookup,
  type PaymentFormValues,
  paymentFieldMessages,
  readExpiry,
  validatePaymentForm,
} from './payment-form-values';

const now = new Date(2026, 10, 25);

/** A form filled as a person types it, every mask applied. */
function buildFilledValues(changes: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    ...createEmptyPaymentValues(),
    cpf: formatCpfMask('52998224725'),
    zipcode: formatCepMask('01310100'),
    street: 'Avenida Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'sp',
    holder_name: 'Maria da Silva',
    card_number: formatCardNumberMask('4000000000000010'),
    expiry: formatExpiryMask('1230'),
    cvv: formatCvvMask('123'),
    ...changes,
  };
}

describe('the payment form masks', () => {
  it('writes CPF, CEP, card number, expiry and CVV as ###.###.###-##, #####-###, #### #### #### ####, ##/##, ###', () => {
    expect(formatCpfMask('52998224725')).toBe('529.982.247-25');
    expect(formatCepMask('01310100')).toBe('01310-100');
    expect(formatCardNumberMask('4000000000000010')).toBe('4000 0000 0000 0010');
    expect(formatExpiryMask('1230')).toBe('12/30');
    expect(formatCvvMask('1234')).toBe('123');
  });

  it('keeps digits only and cuts what does not fit', () => {
    expect(formatCardNumberMask('4000-0000 0000 0010 99')).toBe('4000 0000 0000 0010');
    expect(formatCardNumberMask('40000')).toBe('4000 0');
    expect(formatExpiryMask('1')).toBe('1');
    expect(formatExpiryMask('12')).toBe('12');
    expect(formatExpiryMask('12/3')).toBe('12/3');
    expect(formatCvvMask('1a2')).toBe('12');
  });

  it('reads the expiry as a month of a four-digit year', () => {
    expect(readExpiry('07/31')).toEqual({ month: 7, year: 2031 });
    expect(readExpiry('13/31')).toBeNull();
    expect(readExpiry('00/31')).toBeNull();
    expect(readExpiry('7/31')).toBeNull();
  });
});

describe('the payment form validation', () => {
  it('accepts a form filled whole', () => {
    expect(validatePaymentForm(buildFilledValues(), now)).toEqual({});
  });

  it('requires CPF, CEP, neighborhood, street, number, city, state, holder, card number, expiry and CVV', () => {
    const errors = validatePaymentForm(createEmptyPaymentValues(), now);
    expect(errors).toEqual({
      cpf: paymentFieldMessages.cpfRequired,
      zipcode: 'Campo obrigatório',
      neighborhood: 'Campo obrigatório',
      street: 'Campo obrigatório',
      street_number: 'Campo obrigatório',
      city: 'Campo obrigatório',
      state: 'Campo obrigatório',
      holder_name: 'Campo obrigatório',
      card_number: 'Campo obrigatório',
      expiry: 'Campo obrigatório',
      cvv: 'Campo obrigatório',
    });
    // The complement may stay empty.
    expect(errors).not.toHaveProperty('complementary');
  });

  it('refuses a wrong CPF, a short CEP, a card number that fails its check, a past expiry and a short CVV', () => {
    const errors = validatePaymentForm(
      buildFilledValues({
        cpf: '111.111.111-11',
        zipcode: '01310',
        card_number: '4000 0000 0000 0011',
        expiry: '10/26',
        cvv: '12',
      }),
      now,
    );
    expect(errors).toEqual({
      cpf: 'Cpf inválido',
      zipcode: 'CEP inválido.',
      card_number: 'Não é um número de cartão válido',
      expiry: 'Cartão expirado.',
      cvv: paymentFieldMessages.cvvInvalid,
    });
  });

  it('takes a card good through the current month, and refuses a month that does not exist', () => {
    expect(validatePaymentForm(buildFilledValues({ expiry: '11/26' }), now)).toEqual({});
    expect(validatePaymentForm(buildFilledValues({ expiry: '13/30' }), now)).toEqual({
      expiry: paymentFieldMessages.expiryInvalid,
    });
  });

  it('asks no card fields when a saved card pays', () => {
    const values = buildFilledValues({ savedCardId: '9', holder_name: '', card_number: '', expiry: '', cvv: '' });
    expect(validatePaymentForm(values, now)).toEqual({});
  });

  it('wants a state typed by hand to be a UF, in either case', () => {
    expect(validatePaymentForm(buildFilledValues({ state: 'São' }), now)).toEqual({
      state: 'O estado deve ter exatamente 2 caracteres',
    });
    expect(validatePaymentForm(buildFilledValues({ state: 'XX' }), now)).toEqual({
      state: paymentFieldMessages.stateUnknown,
    });
    expect(validatePaymentForm(buildFilledValues({ state: 'SP' }), now)).toEqual({});
  });
});

describe('what the payment form sends', () => {
  it('sends the CPF and zipcode in digits, the state in lower case, the country br, and the token', () => {
    const body = buildAcceptBody(buildFilledValues({ state: 'SP' }), { card_token: 'token_abc' });
    expect(body).toEqual({
      accepts: true,
      cpf: '52998224725',
      address: {
        city: 'São Paulo',
        country: 'br',
        neighborhood: 'Bela Vista',
        state: 'sp',
        street: 'Avenida Paulista',
        street_number: '1000',
        zipcode: '01310100',
      },
      card_token: 'token_abc',
    });
  });

  it('sends the complement only when filled, and a saved card by its id', () => {
    const withComplement = buildAcceptBody(buildFilledValues({ complementary: ' Apto 12 ' }), { creditCard: 9 });
    expect(withComplement.address).toMatchObject({ complementary: 'Apto 12' });
    expect(withComplement).toMatchObject({ creditCard: 9 });
    expect(withComplement).not.toHaveProperty('card_token');
    const blankComplement = buildAcceptBody(buildFilledValues({ complementary: '   ' }), { creditCard: 9 });
    expect(blankComplement.address).not.toHaveProperty('complementary');
  });

  it('never puts the card itself in the accept body', () => {
    const text = JSON.stringify(buildAcceptBody(buildFilledValues(), { card_token: 'token_abc' }));
    expect(text).not.toContain('4000');
    expect(text).not.toContain('"123"');
  });

  it('gives the gateway the card number in digits only and the expiry as month and four-digit year', () => {
    expect(buildCardToTokenize(buildFilledValues({ holder_name: ' Maria da Silva ' }))).toEqual({
      number: '4000000000000010',
      holder_name: 'Maria da Silva',
      exp_month: 12,
      exp_year: 2030,
      cvv: '123',
    });
  });
});

describe('the CEP lookup', () => {
  it('runs once the CEP has its 9 characters', () => {
    expect(isCepReadyForLookup('01310-10')).toBe(false);
    expect(isCepReadyForLookup('01310-100')).toBe(true);
    expect(isCepReadyForLookup('00000-000')).toBe(false);
  });

  it('fills city, neighborhood, street and the state in lower case', () => {
    expect(
      fillAddressFromCep({
        cep: '01310100',
        state: 'SP',
        city: 'São Paulo',
        neighborhood: 'Bela Vista',
        street: 'Avenida Paulista',
      }),
    ).toEqual({ city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista', state: 'sp' });
  });

  it('leaves what was typed when the CEP covers a whole town', () => {
    expect(
      fillAddressFromCep({ cep: '13165000', state: 'SP', city: 'Engenheiro Coelho', neighborhood: '', street: '' }),
    ).toEqual({ city: 'Engenheiro Coelho', state: 'sp' });
  });
});
