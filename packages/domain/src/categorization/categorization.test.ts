import { describe, expect, it } from 'vitest';
import { defaultCategories, isMovedBetweenOwnAssets } from './default-categories';
import { guessByKeywords } from './keyword-rules';
import { normalizeMerchantName } from './merchant-name';

describe('normalizeMerchantName', () => {
  it.each([
    ['COMPRA CARTAO DEB MC 12/03 PADARIA REAL SAO PAULO', 'PADARIA REAL'],
    ['PADARIA REAL 12/04', 'PADARIA REAL'],
    ['Padaria Real*1234', 'PADARIA REAL'],
    ['Compra com Cartão - 05/03 14:32 PADARIA RÉAL', 'PADARIA REAL'],
    ['UBER *TRIP HELP.UBER.COM', 'UBER TRIP HELP UBER'],
    ['IFD*IFOOD.COM AGENCIA DE RESTAURANTES 3/10', 'IFD IFOOD AGENCIA RESTAURANTES'],
    ['PIX ENVIADO 12345678900 MARIA SILVA', 'PIX ENVIADO MARIA SILVA'],
  ])('reads %s as %s', (text, expected) => {
    expect(normalizeMerchantName(text)).toBe(expected);
  });
});

describe('guessByKeywords', () => {
  it.each([
    ['UBER *TRIP', -2350, 'Transporte por aplicativo'],
    ['IFD*IFOOD.COM AGENCIA', -4590, 'Delivery'],
    ['AUTO POSTO IPIRANGA 12/03', -20000, 'Combustível'],
    ['COMPRA CARTAO DEB SUPERMERCADO DIA', -8000, 'Supermercado'],
    ['NETFLIX.COM', -3990, 'Streaming'],
    ['DROGASIL 1234', -1500, 'Farmácia'],
    ['TARIFA CESTA SERVICOS', -3500, 'Tarifas bancárias'],
    ['SALARIO EMPRESA X', 500000, 'Salário'],
    ['PAGAMENTO FATURA CARTAO', -120000, 'Pagamento de fatura do cartão'],
    ['APLICACAO CDB', -100000, 'Aplicação'],
    ['RESGATE CDB', 100000, 'Resgate'],
    ['SAQUE 24H', -20000, 'Saque'],
  ])('%s → %s', (text, amountCents, description) => {
    expect(guessByKeywords(text, amountCents)?.description).toBe(description);
  });

  // Wordings of the real card bills (Nubank's OFX, Banco de Chile's sheet) and of Brazilian banks.
  it.each([
    ['Pagamento recebido', 60_000],
    ['PAGAMENTO EFETUADO', 150_000],
    ['PAGTO DEBITO AUTOMATICO', 98_000],
    ['PAGTO. POR DEB EM C/C', 98_000],
    ['PAG FATURA', 12_000],
    ['Pagamento de fatura', 12_000],
    ['Pago Pesos TEF', -3_927_200],
  ])('reads %s on a card bill as the bill’s payment', (text, amountCents) => {
    expect(guessByKeywords(text, amountCents, 'credit_card')).toEqual({
      category: 'Transferências',
      description: 'Pagamento de fatura do cartão',
    });
  });

  it.each([
    'PAGTO CARTAO CREDITO',
    'PAGAMENTO FATURA',
    'FATURA CARTAO',
    'DEBITO AUT. CARTAO',
    'DEB.AUT.FAT.CARTAO',
    'PAGTO FATURA CARTAO CARREFOUR',
    'INT PAG FAT CARTAO ITAU',
    'Pagamento de Fatura Cartão',
  ])('reads %s in an account as the card bill paid from it', (text) => {
    expect(guessByKeywords(text, -98_000, 'bank_account')).toEqual({
      category: 'Transferências',
      description: 'Pagamento de fatura do cartão',
    });
  });

  it('knows the card-side wordings only on a card: in an account, money received is someone paying the client', () => {
    expect(guessByKeywords('PAGAMENTO RECEBIDO', 60_000, 'bank_account')).toBeNull();
    expect(guessByKeywords('PAGAMENTO EFETUADO', -60_000)).toBeNull();
  });

  it('keeps charges on the bill as charges', () => {
    expect(guessByKeywords('JUROS FATURA', -1_000, 'credit_card')?.description).toBe('Juros e multas');
    expect(guessByKeywords('IOF FATURA', -1_000, 'credit_card')?.description).toBe('IOF');
  });

  it('puts the card bill payment in a category that is neither income, expense nor investment', () => {
    const transfers = defaultCategories.find((category) => category.name === 'Transferências');
    expect(transfers).toMatchObject({ kind: 'own_transfer' });
    expect(transfers?.descriptions).toContain('Pagamento de fatura do cartão');
    expect(defaultCategories.find((category) => category.name === 'Investimentos')?.kind).toBe('asset_transfer');
    expect(isMovedBetweenOwnAssets('own_transfer')).toBe(true);
    expect(isMovedBetweenOwnAssets('asset_transfer')).toBe(true);
    expect(isMovedBetweenOwnAssets('income')).toBe(false);
    expect(isMovedBetweenOwnAssets(null)).toBe(false);
  });

  it('leaves unclear lines alone', () => {
    expect(guessByKeywords('PIX ENVIADO MARIA SILVA', -5000)).toBeNull();
    expect(guessByKeywords('TED RECEBIDA', 5000)).toBeNull();
  });

  it('respects the sign: a salary is never money out', () => {
    expect(guessByKeywords('SALARIO', -500000)).toBeNull();
  });

  it('only names categories and descriptions of the default tree', () => {
    const known = new Set(
      defaultCategories.flatMap((category) =>
        category.descriptions.map((description) => `${category.name}/${description}`),
      ),
    );
    for (const [text, amountCents] of [
      ['UBER', -1],
      ['IFOOD', -1],
      ['SALARIO', 1],
      ['RESGATE', 1],
      ['FATURA', -1],
      ['CONDOMINIO', -1],
      ['ENEL', -1],
      ['IOF', -1],
    ] as const) {
      const guess = guessByKeywords(text, amountCents);
      expect(guess && known.has(`${guess.category}/${guess.description}`)).toBe(true);
    }
  });
});
