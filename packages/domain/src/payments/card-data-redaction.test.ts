import { describe, expect, it } from 'vitest';
import { containsCardNumber, removeCardData, removedCardData } from './card-data-redaction';

const cardNumbers = [
  '4000000000000010',
  '4000 0000 0000 0010',
  '4000-0000-0000-0010',
  '4000.0000.0000.0010',
  '378282246310005',
];

describe('removing card data', () => {
  it('removes the card fields of a tokenization request, keeping the rest', () => {
    const request = {
      type: 'card',
      card: { number: '4000000000000010', holder_name: 'MARIA SILVA', exp_month: 12, exp_year: 30, cvv: '123' },
      address: { zipcode: '01001000', street: 'Praça da Sé', street_number: '100' },
      cpf: '52998224725',
    };
    expect(removeCardData(request)).toEqual({
      type: 'card',
      card: {
        number: removedCardData,
        holder_name: removedCardData,
        exp_month: removedCardData,
        exp_year: removedCardData,
        cvv: removedCardData,
      },
      address: { zipcode: '01001000', street: 'Praça da Sé', street_number: '100' },
      cpf: '52998224725',
    });
    // The input is not touched.
    expect(request.card.cvv).toBe('123');
  });

  it('finds security codes and card numbers under any spelling of their names', () => {
    const names = [
      'cvv',
      'CVV',
      'cvc',
      'security_code',
      'securityCode',
      'card_cvv',
      'cardNumber',
      'card.number',
      'codigo_seguranca',
    ];
    for (const name of names) expect(removeCardData({ [name]: '4321' })).toEqual({ [name]: removedCardData });
    expect(removeCardData({ token: 'abc', Authorization: 'Token abc', password: 'x', card_token: 'token_1' })).toEqual({
      token: removedCardData,
      Authorization: removedCardData,
      password: removedCardData,
      card_token: removedCardData,
    });
  });

  it('removes a card number anywhere in a text, however it is split', () => {
    for (const number of cardNumbers) {
      const text = removeCardData(`Falhou o cartão ${number} às 10h`) as string;
      expect(text).toBe(`Falhou o cartão ${removedCardData} às 10h`);
      expect(containsCardNumber(text)).toBe(false);
    }
    // A mistyped number (failing the check digit) goes too: that is what errors are about.
    expect(removeCardData({ note: '4000000000000011' })).toEqual({ note: removedCardData });
    // Short numbers stay.
    expect(removeCardData({ amount: 12990, cep: '01001-000', note: 'pedido 123456' })).toEqual({
      amount: 12990,
      cep: '01001-000',
      note: 'pedido 123456',
    });
  });

  it('removes a card number split by other separators, or written into an address', () => {
    const written = [
      '4000  0000  0000  0010',
      '4000 - 0000 - 0000 - 0010',
      '4000\u00a00000\u00a00000\u00a00010',
      '4000\t0000\t0000\t0010',
      '4000_0000_0000_0010',
      'q=4000+0000+0000+0010',
      'q=4000%200000%200000%200010',
      'q=4000%2D0000%2D0000%2D0010',
    ];
    for (const text of written) {
      const cleaned = removeCardData({ note: `cartão ${text} recusado` }) as { note: string };
      expect(cleaned.note, text).toContain(removedCardData);
      expect(cleaned.note.replace(/\D/g, ''), text).not.toContain('4000000000000010');
    }
  });

  it('removes security codes in addresses and form bodies, and after a bare space', () => {
    const texts = [
      'https://gateway.example/tokens?card[cvv]=123&card[number]=4000000000000010',
      'card%5Bcvv%5D=123&card%5Bnumber%5D=4000000000000010',
      'https://gateway.example/tokens?card%5Bcvc%5D=123',
      '{"card": {"csc": "123"}}',
      'CVV 123 recusado',
      'código de segurança 123 inválido',
    ];
    for (const text of texts) {
      const cleaned = removeCardData({ note: text }) as { note: string };
      expect(cleaned.note, text).not.toMatch(/123(?!\d)/);
      expect(cleaned.note, text).toContain(removedCardData);
    }
    expect(removeCardData({ csc: '123' })).toEqual({ csc: removedCardData });
    // An address without card data keeps its encoding.
    expect(removeCardData({ url: 'https://x.example/a%20b?c=1' })).toEqual({ url: 'https://x.example/a%20b?c=1' });
  });

  it('removes a card number sent as a JSON number', () => {
    expect(removeCardData({ value: 4000000000000010 })).toEqual({ value: removedCardData });
    expect(removeCardData([5555555555554444, 10])).toEqual([removedCardData, 10]);
  });

  it('removes named values inside texts and JSON held in a string', () => {
    expect(removeCardData('cvv=123&exp_month=12&amount=100')).toBe(
      `cvv=${removedCardData}&exp_month=${removedCardData}&amount=100`,
    );
    expect(removeCardData('security_code: 999, holder_name: "JOSE SOUZA"')).not.toMatch(/999|JOSE/);
    const stringified = JSON.stringify({ card: { number: '4000000000000010', cvv: '321' }, amount: 100 });
    const result = removeCardData({ request: stringified }) as { request: string };
    expect(JSON.parse(result.request)).toEqual({
      card: { number: removedCardData, cvv: removedCardData },
      amount: 100,
    });
    // Cut-off JSON is still cleaned by the text rules.
    const cut = removeCardData(`{"card":{"cvv":"321","number":"4111 1111 1111 1111"`) as string;
    expect(cut).toBe(`{"card":{"cvv":"${removedCardData}","number":"${removedCardData}"`);
    expect(removeCardData('number: 123 is wrong.')).toBe(`number: ${removedCardData} is wrong.`);
    const escaped = removeCardData('body: {\\"cvv\\":\\"321\\"}') as string;
    expect(escaped).not.toContain('321');
  });

  it('keeps the gateway’s messages about fields, not values put in their place', () => {
    const body = {
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'], cvv: ['123'] },
    };
    expect(removeCardData(body)).toEqual({
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'], cvv: [removedCardData] },
    });
    // Numbers and objects are no messages: a security code put in their place goes too.
    const shapes = { errors: { 'card.cvv': 123, cvc: [737], card_cvv: { value: '321' }, exp: [12, 2030] } };
    expect(removeCardData(shapes)).toEqual({
      errors: {
        'card.cvv': removedCardData,
        cvc: [removedCardData],
        card_cvv: removedCardData,
        exp: [removedCardData, removedCardData],
      },
    });
  });

  it('removes card numbers used as names, and never takes a prototype from the input', () => {
    const result = removeCardData(JSON.parse('{"4000000000000010": 1, "__proto__": {"polluted": true}}')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(result)).toEqual([removedCardData, '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it('drops what is nested deeper than any payment error', () => {
    let deep: unknown = { cvv: '123' };
    for (let level = 0; level < 40; level++) deep = [deep];
    expect(JSON.stringify(removeCardData(deep))).not.toContain('123');
  });

  it('leaves nothing recognisable in a mixed payload', () => {
    const payload = {
      type: 'payment',
      error: { message: 'Cartão 5555 5555 5555 4444 recusado', status: 422 },
      request: { card: { number: 5555555555554444, cvv: 737 }, installments: 1, note: 'cvv: 737' },
    };
    const text = JSON.stringify(removeCardData(payload));
    expect(containsCardNumber(text)).toBe(false);
    expect(text).not.toContain('737');
    expect(text).toContain('"installments":1');
  });
});
