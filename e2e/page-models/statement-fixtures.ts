import path from 'node:path';

/**
 * Real bank statements shared by the project's tests (shared/fixtures/statements, beside the
 * repository's clone); `lines` are the movements SOURCES.md counts in each.
 */
const statementsDirectory =
  process.env.PRUMO_STATEMENT_FIXTURES ?? path.resolve(import.meta.dirname, '../../../shared/fixtures/statements');

export interface StatementFixture {
  path: string;
  name: string;
  lines: number;
}

function statement(relativePath: string, lines: number): StatementFixture {
  return { path: path.join(statementsDirectory, relativePath), name: path.basename(relativePath), lines };
}

/** Itaú checking, OFX 1.02: RSHOP -666,66 and REND PAGO APLIC AUT MAIS +99,99 on 09/12/2013, SISDEB -77,77 on 10/12/2013. */
export const itauOfx = statement('kamino-company__OfxSharp/itau.ofx', 3);

/** A synthetic Itaú XLSX: BOLETO ALUGUEL -2.500,00 and RECEBIMENTO CLIENTE B +3.200,00 on 04/05/2026. */
export const itauXlsx = statement('financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx', 2);

/** A period (dd/mm/aaaa) holding every line of both statements. */
export const statementsPeriod = { start: '01/12/2013', end: '31/05/2026' } as const;

/** OFX 2.00 with three checking and savings accounts in one file (balances 43,01, 3.000,25 and 11.728,56). */
export const threeAccountsOfx = statement('asgrim__ofxparser/ofx-multiple-accounts-xml.ofx', 3);

/** Santander checking, OFX 1.02: 24 lines from 01/08/2016 to 15/09/2016. */
export const santander2016Ofx = statement('adelarcubs__ofxparser/extrato_santander.ofx', 24);

/** Itaú checking, OFX 1.02, 48 lines: cut in half it is a download that stopped. */
export const itauLongOfx = statement('adelarcubs__ofxparser/extrato_itau.ofx', 48);

/** A synthetic Bradesco XLSX with SALDO INICIAL 8.500,00 on 04/05/2026 and SALDO FINAL 10.599,00 on 05/05/2026. */
export const bradescoXlsx = statement('financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx', 10);

/** A credit-card bill, OFX: a new card asks for its closing and due days. */
export const cardBillOfx = statement('adelarcubs__ofxparser/fatura_cc_1.ofx', 6);
