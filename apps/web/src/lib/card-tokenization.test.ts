import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardTokenizationError, tokenizeCard } from './card-tokenization';

const gateway = {
  provider: 'sandbox' as const,
  public_key: 'pk_test_abc',
  tokenize_url: 'https://prumo.example/sandbox-gateway/core/v5/tokens',
};
const card = { number: '4000000000000010', holder_name: 'Maria', exp_month: 12, exp_year: 2030, cvv: '123' };

function answerWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('card tokenization in the browser', () => {
  it('posts the card to the gateway with the public key and answers the token', async () => {
    const token = {
      id: 'token_abc',
      type: 'card',
      created_at: '2026-11-24T12:00:00Z',
      expires_at: '2026-11-24T12:01:00Z',
      card: {
        first_six_digits: '400000',
        last_four_digits: '0010',
        brand: 'Visa',
        holder_name: 'Maria',
        exp_month: 12,
        exp_year: 2030,
      },
    };
    const fetchMock = answerWith(200, token);
    await expect(tokenizeCard(gateway, card)).resolves.toEqual(token);
    expect(fetchMock).toHaveBeenCalledWith(
      'https://prumo.example/sandbox-gateway/core/v5/tokens?appId=pk_test_abc',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ type: 'card', card }) }),
    );
  });

  it('tells the gateway’s refusals in pt-BR', async () => {
    answerWith(422, {
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
    });
    await expect(tokenizeCard(gateway, card)).rejects.toThrow(
      new CardTokenizationError('Não é um número de cartão válido'),
    );
    answerWith(422, { message: 'The request is invalid.', errors: { card: ['Card expired.'] } });
    await expect(tokenizeCard(gateway, card)).rejects.toThrow('Cartão expirado.');
    answerWith(401, { message: 'Authorization has been denied for this request.' });
    await expect(tokenizeCard(gateway, card)).rejects.toThrow(
      'Erro desconhecido ao processar o pagamento. Verifique seus dados e tente novamente.',
    );
  });
});
