import { describe, expect, it } from 'vitest';
import { readStatement } from './read-statement';

interface GeneratedStatement {
  bytes: Uint8Array;
  creditCents: number;
  debitCents: number;
}

/** A compact SGML OFX with `count` transactions, and the sums it must read back to. */
function generateOfx(count: number): GeneratedStatement {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<DTSERVER>20241231120000[-3:BRT]</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20240101<DTEND>20241231\n',
  ];
  let creditCents = 0;
  let debitCents = 0;
  for (let index = 0; index < count; index++) {
    const cents = (index % 2 === 0 ? -1 : 1) * (1 + ((index * 7919) % 999_999));
    if (cents > 0) creditCents += cents;
    else debitCents += cents;
    const absolute = Math.abs(cents);
    const amount = `${cents < 0 ? '-' : ''}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
    const day = String((index % 28) + 1).padStart(2, '0');
    const month = String((index % 12) + 1).padStart(2, '0');
    parts.push(
      `<STMTTRN><TRNTYPE>${cents < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>2024${month}${day}120000[-3:BRT]<TRNAMT>${amount}<FITID>${index}<MEMO>COMPRA CARTÃO LOJA ${index % 500}</STMTTRN>\n`,
    );
  }
  parts.push(
    '</BANKTRANLIST><LEDGERBAL><BALAMT>1000,00<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
  );
  return { bytes: new TextEncoder().encode(parts.join('')), creditCents, debitCents };
}

describe('a large OFX', () => {
  it('reads 100,000 transactions with the right count and sums', () => {
    const { bytes, creditCents, debitCents } = generateOfx(100_000);
    const result = readStatement('grande.ofx', bytes);
    const transactions = result.accounts[0]?.transactions ?? [];
    expect(transactions).toHaveLength(100_000);
    expect(transactions.filter((t) => t.amountCents > 0).reduce((sum, t) => sum + t.amountCents, 0)).toBe(creditCents);
    expect(transactions.filter((t) => t.amountCents < 0).reduce((sum, t) => sum + t.amountCents, 0)).toBe(debitCents);
    expect(transactions[99_999]).toMatchObject({
      fitId: '99999',
      description: 'COMPRA CARTÃO LOJA 499',
      occurrence: 1,
    });
    expect(result.skippedRows).toEqual([]);
  });
});
