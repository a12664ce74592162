import { describe, expect, it } from 'vitest';
import { gatewayErrorMessages, translateGatewayError } from './gateway-errors';

describe('the gateway’s errors in pt-BR', () => {
  it('tells an invalid card number from the error body of a card token', () => {
    const body = {
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
    };
    expect(translateGatewayError(body)).toBe('Não é um número de cartão válido');
  });

  it('tells an expired card, as a message or inside a body', () => {
    expect(translateGatewayError('Card expired.')).toBe('Cartão expirado.');
    expect(translateGatewayError({ message: 'The request is invalid.', errors: { card: ['Card expired.'] } })).toBe(
      'Cartão expirado.',
    );
  });

  it('tells a refusal by the issuer, from a charge’s last transaction or a plain message', () => {
    const charge = {
      id: 'ch_1',
      status: 'failed',
      last_transaction: {
        status: 'not_authorized',
        acquirer_message: 'Transação não autorizada',
        gateway_response: { code: '200', errors: [] },
      },
    };
    expect(translateGatewayError(charge)).toBe(gatewayErrorMessages.declined);
    expect(translateGatewayError('Transaction declined')).toBe(gatewayErrorMessages.declined);
    expect(translateGatewayError({ message: 'Refused by issuer' })).toBe(gatewayErrorMessages.declined);
    expect(translateGatewayError('Insufficient funds')).toBe(gatewayErrorMessages.declined);
    expect(gatewayErrorMessages.declined).toBe(
      'Pagamento recusado pelo banco emissor do cartão. Verifique os dados ou use outro cartão.',
    );
  });

  it('prefers the field’s message to the body’s general one', () => {
    const body = {
      message: 'Card expired.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
    };
    expect(translateGatewayError(body)).toBe('Não é um número de cartão válido');
    expect(translateGatewayError({ errors: [{ message: 'Card expired.' }] })).toBe('Cartão expirado.');
  });

  it('answers the unknown error for anything else, never the gateway’s own words', () => {
    const unknown = 'Erro desconhecido ao processar o pagamento. Verifique seus dados e tente novamente.';
    expect(
      translateGatewayError({
        message: 'The request is invalid.',
        errors: { 'card.cvv': ['The cvv field is required'] },
      }),
    ).toBe(unknown);
    // A wrong secret key is Prumo's problem, not the client's bank.
    expect(translateGatewayError({ message: 'Unauthorized' })).toBe(unknown);
    for (const failure of [undefined, null, '', 42, {}, [], 'Internal server error', { errors: 'x' }]) {
      expect(translateGatewayError(failure)).toBe(unknown);
    }
  });

  it('stops reading a body nested deeper than any error is', () => {
    let deep: unknown = 'Card expired.';
    for (let level = 0; level < 10; level++) deep = { errors: [deep] };
    expect(translateGatewayError(deep)).toBe(gatewayErrorMessages.unknown);
  });
});

describe('tokenization refusals', () => {
  it('reads the error bodies the sandbox and Pagar.me answer to tokenization', () => {
    expect(
      translateGatewayError({
        message: 'The request is invalid.',
        errors: { 'card.number': ['The number field is not a valid card number'] },
      }),
    ).toBe('Não é um número de cartão válido');
    expect(translateGatewayError({ message: 'The request is invalid.', errors: { card: ['Card expired.'] } })).toBe(
      'Cartão expirado.',
    );
    expect(translateGatewayError({ message: 'Card expired.' })).toBe('Cartão expirado.');
    expect(translateGatewayError({ message: 'Authorization has been denied for this request.' })).toBe(
      'Erro desconhecido ao processar o pagamento. Verifique seus dados e tente novamente.',
    );
    expect(translateGatewayError(null)).toBe(
      'Erro desconhecido ao processar o pagamento. Verifique seus dados e tente novamente.',
    );
  });
});
