import { describe, expect, it } from 'vitest';
import { combineNameAndMemo, normalizeStatementBankCode, parseOfxAmount, readOfxStatement } from './read-ofx-statement';
import { cutShortWarning } from './statement-integrity';
import { StatementReadError } from './statement-read-error';
import type { StatementReadResult, StreamedLines } from './statement-types';

const sgmlHeader = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n';

function readText(text: string): StatementReadResult {
  return readOfxStatement(new TextEncoder().encode(text));
}

/** A one-account bank statement around the given STMTTRN blocks. */
function wrapBankStatement(transactions: string, options: { serverDate?: string; endDate?: string } = {}): string {
  return `${sgmlHeader}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>
<DTSERVER>${options.serverDate ?? '20240930120000[-3:BRT]'}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20240901<DTEND>${options.endDate ?? '20240930'}
${transactions}
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20240930</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

function transactionsOf(result: StatementReadResult) {
  return result.accounts.flatMap((account) => account.transactions);
}

describe('OFX amounts', () => {
  it.each([
    ['-222,22', -22222],
    ['6000.000,00', 600000000],
    ['-5800.000,00', -580000000],
    ['-152541,14', -15254114],
    ['-33.3', -3330],
    ['-140', -14000],
    ['            -11.11', -1111],
    ['              0.07', 7],
    ['+00000000000000.2400', 24],
    ['-00000000002571.4500', -257145],
    ['-30.000', -3000],
    ['-3.77000', -377],
    ['R$\u00a05.326,43', 532643],
    ['R$ 5.326,43', 532643],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseOfxAmount(text)).toBe(cents);
  });

  it.each(['$120', '*snipped*', '', '   ', '1,2,3', null])('gives no amount for %j', (text) => {
    expect(parseOfxAmount(text)).toBeNull();
  });
});

describe('OFX syntax variants', () => {
  const expected = [{ date: '2024-09-02', amountCents: -12345, description: 'PADARIA SÃO JOSÉ', fitId: 'A1' }];

  it.each([
    [
      'unclosed SGML',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-123.45<FITID>A1<MEMO>PADARIA SÃO JOSÉ</STMTTRN>',
    ],
    [
      'closed SGML',
      '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240902</DTPOSTED><TRNAMT>-123.45</TRNAMT><FITID>A1</FITID><MEMO>PADARIA SÃO JOSÉ</MEMO></STMTTRN>',
    ],
    [
      'half-closed SGML',
      '<STMTTRN>\n<TRNTYPE>DEBIT</TRNTYPE>\n<DTPOSTED>20240902\n<TRNAMT>-123.45</TRNAMT>\n<FITID>A1\n<MEMO>PADARIA SÃO JOSÉ\n</STMTTRN>',
    ],
    [
      'lowercase tags',
      '<stmttrn><trntype>DEBIT<dtposted>20240902<trnamt>-123.45<fitid>A1<memo>PADARIA SÃO JOSÉ</stmttrn>',
    ],
    [
      'entities and CDATA',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-123.45<FITID>A1<MEMO><![CDATA[PADARIA SÃO]]> JOS&#201;</STMTTRN>',
    ],
  ])('reads %s', (_variant, body) => {
    expect(transactionsOf(readText(wrapBankStatement(body)))).toMatchObject(expected);
  });

  it('reads OFX 2.x XML with a prolog and processing instruction', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<!-- exported -->
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>
<BANKACCTFROM><BANKID>1</BANKID><BRANCHID>1234-5</BRANCHID><ACCTID>99-1</ACCTID></BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240901120000[-3:BRT]</DTPOSTED><TRNAMT>10.5</TRNAMT>
<NAME>SALÁRIO &amp; BÔNUS</NAME></STMTTRN></BANKTRANLIST>
<LEDGERBAL><BALAMT/><DTASOF>20240930</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const result = readText(xml);
    expect(result.accounts[0]).toMatchObject({
      bankCode: '001',
      branch: '1234-5',
      accountNumber: '99-1',
      balance: null,
    });
    expect(transactionsOf(result)).toMatchObject([
      { amountCents: 1050, description: 'SALÁRIO & BÔNUS', type: 'CREDIT' },
    ]);
  });

  it('joins a MEMO broken across lines, in unclosed and closed SGML', () => {
    const unclosed =
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-1.00<MEMO>PAGAMENTO DE\r\n  CONVENIO\n<FITID>X</STMTTRN>';
    const closed =
      '<STMTTRN><DTPOSTED>20240902</DTPOSTED><TRNAMT>-1.00</TRNAMT><MEMO>PAGAMENTO DE\nCONVENIO</MEMO></STMTTRN>';
    expect(transactionsOf(readText(wrapBankStatement(unclosed)))[0]?.description).toBe('PAGAMENTO DE CONVENIO');
    expect(transactionsOf(readText(wrapBankStatement(closed)))[0]?.description).toBe('PAGAMENTO DE CONVENIO');
  });

  it('keeps a raw "<" or "&" in a memo as text', () => {
    const body = '<STMTTRN><DTPOSTED>20240902<TRNAMT>-1.00<MEMO>A < B & C</STMTTRN>';
    expect(transactionsOf(readText(wrapBankStatement(body)))[0]?.description).toBe('A < B & C');
  });

  it('reads a headerless file whose body is on one line', () => {
    const text =
      '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CCACCTFROM><ACCTID>4321</CCACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20240903<TRNAMT>-9.9<MEMO>Loja 1/3</STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const result = readText(text);
    expect(result.accounts[0]).toMatchObject({ kind: 'credit_card', accountNumber: '4321', currency: 'BRL' });
    expect(transactionsOf(result)).toMatchObject([{ amountCents: -990, description: 'Loja 1/3' }]);
  });

  it('ends an unclosed STMTTRN where the next one starts', () => {
    const body =
      '<STMTTRN><DTPOSTED>20240902<TRNAMT>-1.00<MEMO>UM\n<STMTTRN><DTPOSTED>20240903<TRNAMT>-2.00<MEMO>DOIS</STMTTRN>';
    expect(transactionsOf(readText(wrapBankStatement(body))).map((t) => t.description)).toEqual(['UM', 'DOIS']);
  });

  it('does not take a transfer target account (BANKACCTTO) for the statement account', () => {
    const body =
      '<STMTTRN><DTPOSTED>20240902<TRNAMT>-5.00<MEMO>TED<BANKACCTTO><BANKID>237<ACCTID>111</BANKACCTTO></STMTTRN>';
    expect(readText(wrapBankStatement(body)).accounts[0]).toMatchObject({ bankCode: '341', accountNumber: '56789-0' });
  });
});

describe('OFX dates', () => {
  it.each([
    ['20240901120000[-3:BRT]', '2024-09-01'],
    ['20240901235959[-03:EST]', '2024-09-01'],
    ['20240901000000[+12:NZST]', '2024-09-01'],
    ['20240901120000.000[-5:EST]', '2024-09-01'],
    ['20240901', '2024-09-01'],
    ['20240229', '2024-02-29'],
    ['20180804093914:014', '2018-08-04'],
  ])('posts %s on %s, whatever the offset label', (posted, date) => {
    const body = `<STMTTRN><DTPOSTED>${posted}<TRNAMT>-1.00<MEMO>X</STMTTRN>`;
    expect(transactionsOf(readText(wrapBankStatement(body)))[0]?.date).toBe(date);
  });

  it.each(['20230229', '20120231', '201120000000', '', '2024'])(
    'skips a row posted on %j as an invalid date',
    (posted) => {
      const body = `<STMTTRN><DTPOSTED>${posted}<TRNAMT>-1.00<MEMO>X</STMTTRN>`;
      const result = readText(wrapBankStatement(body));
      expect(transactionsOf(result)).toEqual([]);
      expect(result.skippedRows.map((row) => row.reason)).toEqual(['Data inválida']);
    },
  );

  it('reads balance dates, including the dd/mm/yyyy some banks write', () => {
    const text = wrapBankStatement('').replace('<DTASOF>20240930', '<DTASOF>30/09/2024');
    expect(readText(text).accounts[0]?.balance).toEqual({ amountCents: 10000, date: '2024-09-30' });
  });
});

describe('OFX rows that are not transactions', () => {
  it('skips and reports balance lines, future lines and zero amounts', () => {
    const body = [
      '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240901<TRNAMT>1500.00<MEMO>Saldo Anterior</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-50.00<MEMO>Compra com Cartão</STMTTRN>',
      '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240902<TRNAMT>1450.00<MEMO>Saldo do dia</STMTTRN>',
      '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240930<TRNAMT>0.00<MEMO>S A L D O</STMTTRN>',
      '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240903<TRNAMT>0.00<MEMO>TARIFA ISENTA</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240905<TRNAMT>-70.00<MEMO>LANCAMENTO FUTURO BOLETO</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20241015<TRNAMT>-99.00<MEMO>Transferência Agendada</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240910<TRNAMT>-10.00<MEMO>Transferência Agendada</STMTTRN>',
    ].join('\n');
    const result = readText(wrapBankStatement(body));
    expect(transactionsOf(result).map((t) => [t.date, t.description])).toEqual([
      ['2024-09-02', 'Compra com Cartão'],
      ['2024-09-10', 'Transferência Agendada'],
    ]);
    expect(result.skippedRows.map((row) => row.reason)).toEqual([
      'Saldo',
      'Saldo',
      'Saldo',
      'Valor zero',
      'Lançamento futuro',
      // Dated after both DTEND and DTSERVER: scheduled, not posted.
      'Lançamento futuro',
    ]);
    // Told by date, amount and text, for the screens to format; not as the file printed them.
    expect(result.skippedRows[0]).toEqual({
      reason: 'Saldo',
      text: 'Saldo Anterior',
      date: '2024-09-01',
      amountCents: 150_000,
    });
  });

  it('reads only the bank part of a file that also carries an investment statement', () => {
    const text = wrapBankStatement('<STMTTRN><DTPOSTED>20240902<TRNAMT>-1.00<MEMO>X</STMTTRN>').replace(
      '</BANKMSGSRSV1>',
      '</BANKMSGSRSV1><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><INVTRANLIST><INVBANKTRAN><STMTTRN><DTPOSTED>20240903<TRNAMT>5.00</STMTTRN></INVBANKTRAN></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>',
    );
    const result = readText(text);
    expect(transactionsOf(result)).toHaveLength(1);
    expect(result.skippedRows.map((row) => row.reason)).toEqual(['Investimentos']);
  });
});

describe('OFX transactions', () => {
  it('keeps two identical Nubank purchases apart by occurrence', () => {
    const purchase = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-12.50<FITID>abc<MEMO>Padaria</STMTTRN>';
    const other = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-12.50<FITID>abc<MEMO>Farmácia</STMTTRN>';
    const result = readText(wrapBankStatement([purchase, other, purchase].join('\n')));
    expect(transactionsOf(result).map((t) => [t.description, t.occurrence])).toEqual([
      ['Padaria', 1],
      ['Farmácia', 1],
      ['Padaria', 2],
    ]);
  });

  it('numbers identical lines within their day, with or without FITID, in file order', () => {
    const line = (day: string, fitId: string, memo: string) =>
      `<STMTTRN><DTPOSTED>${day}<TRNAMT>-5.00${fitId ? `<FITID>${fitId}` : ''}<MEMO>${memo}</STMTTRN>`;
    const body = [
      line('20240902', '', 'Cafe'),
      line('20240903', '', 'Cafe'),
      line('20240902', '', 'Cafe'),
      line('20240902', 'x1', 'Cafe'),
      line('20240903', 'x1', 'Cafe'),
      line('20240902', 'x1', 'Cafe'),
      line('20240902', '', 'Cafe'),
    ].join('\n');
    expect(transactionsOf(readText(wrapBankStatement(body))).map((t) => [t.date, t.fitId, t.occurrence])).toEqual([
      ['2024-09-02', null, 1],
      ['2024-09-03', null, 1],
      ['2024-09-02', null, 2],
      ['2024-09-02', 'x1', 1],
      ['2024-09-03', 'x1', 1],
      ['2024-09-02', 'x1', 2],
      ['2024-09-02', null, 3],
    ]);
  });

  it("maps PagBank's IN/OUT types and trusts their direction", () => {
    const body = [
      '<STMTTRN><TRNTYPE>OUT<DTPOSTED>20240902<TRNAMT>1901.00<MEMO>Pix enviado</STMTTRN>',
      '<STMTTRN><TRNTYPE>IN<DTPOSTED>20240902<TRNAMT>1660.00<MEMO>Pix recebido</STMTTRN>',
    ].join('');
    expect(transactionsOf(readText(wrapBankStatement(body))).map((t) => [t.type, t.amountCents])).toEqual([
      ['DEBIT', -190100],
      ['CREDIT', 166000],
    ]);
  });

  it('falls back to DTUSER when DTPOSTED is missing', () => {
    const body = '<STMTTRN><DTUSER>20240904<TRNAMT>-1.00<MEMO>X</STMTTRN>';
    expect(transactionsOf(readText(wrapBankStatement(body)))[0]?.date).toBe('2024-09-04');
  });

  it.each([
    [null, 'SISDEB   ', 'SISDEB'],
    ["MCDONALD'S #112", "POS MERCHANDISE;MCDONALD'S #112", "POS MERCHANDISE;MCDONALD'S #112"],
    ['DEPOSIT', 'automatic deposit', 'automatic deposit'],
    ['Café Métro', 'Paiement', 'Café Métro - Paiement'],
    ['000000000000000', 'PREAUTHORIZED DEBIT', 'PREAUTHORIZED DEBIT'],
    ['Cheque', null, 'Cheque'],
    [null, 'CERTID\\C3O', 'CERTIDÃO'],
  ])('combines NAME %j and MEMO %j into %j', (name, memo, description) => {
    expect(combineNameAndMemo(name, memo)).toBe(description);
  });

  it.each([
    ['1', '001'],
    ['0341', '341'],
    ['033', '033'],
    ['12312', '12312'],
    ['SUNCORP', 'SUNCORP'],
    ['  ', null],
  ])('normalizes the bank id %j to %j', (raw, code) => {
    expect(normalizeStatementBankCode(raw)).toBe(code);
  });
});

describe('OFX encodings', () => {
  const memo = 'TransferÊncia São João €5';
  const text = wrapBankStatement(`<STMTTRN><DTPOSTED>20240902<TRNAMT>-1.00<MEMO>${memo}</STMTTRN>`);

  function encodeWindows1252(value: string): Uint8Array {
    return Uint8Array.from([...value].map((character) => (character === '€' ? 0x80 : character.charCodeAt(0))));
  }

  it('reads UTF-8 bytes under a CHARSET:1252 header', () => {
    const result = readOfxStatement(new TextEncoder().encode(text));
    expect(result.encoding).toBe('utf-8');
    expect(transactionsOf(result)[0]?.description).toBe(memo);
  });

  it('reads windows-1252 bytes whatever the header claims', () => {
    const result = readOfxStatement(encodeWindows1252(text.replace('CHARSET:1252', 'CHARSET:UTF-8')));
    expect(result.encoding).toBe('windows-1252');
    expect(transactionsOf(result)[0]?.description).toBe(memo);
  });

  it('reads UTF-8 with a byte-order mark', () => {
    const bytes = new TextEncoder().encode(`\ufeff${text}`);
    expect(transactionsOf(readOfxStatement(bytes))[0]?.description).toBe(memo);
  });

  it('reads UTF-8 text with a stray windows-1252 byte, keeping both right', () => {
    const utf8 = new TextEncoder().encode(text.replace('€5', 'Ç€5'));
    const euroIndex = utf8.indexOf(0xe2);
    // Replace the UTF-8 "€" (E2 82 AC) with its lone 1252 byte.
    const mixed = Uint8Array.from([...utf8.subarray(0, euroIndex), 0x80, ...utf8.subarray(euroIndex + 3)]);
    const result = readOfxStatement(mixed);
    expect(result.encoding).toBe('utf-8');
    expect(transactionsOf(result)[0]?.description).toBe('TransferÊncia São João Ç€5');
  });
});

describe('OFX files that are refused', () => {
  it('refuses a file without an <OFX> element', () => {
    expect(() => readText('OFXHEADER:100\nnothing here')).toThrow(StatementReadError);
  });

  it('refuses a server error response with the bank message', () => {
    const text =
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>Conta inexistente</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(() => readText(text)).toThrow(/Conta inexistente/);
  });
});

describe('OFX lines handed over while the file is read', () => {
  /** A card block of `small` lines, then a bank block of `big`, the card's block first. */
  function twoBlocks(small: number, big: number): string {
    const line = (day: number, amount: string, text: string) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202409${String(day).padStart(2, '0')}<TRNAMT>${amount}<MEMO>${text}</STMTTRN>`;
    const cardLines = Array.from({ length: small }, (_, index) => line(index + 1, '-5.00', `CAFE ${index}`)).join('\n');
    const bankLines = Array.from({ length: big }, (_, index) => line(index + 1, '-7.00', `PADARIA ${index}`)).join(
      '\n',
    );
    return `${sgmlHeader}<OFX><SIGNONMSGSRSV1><SONRS><DTSERVER>20240930</SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>BRL<CCACCTFROM><ACCTID>4111********1234</CCACCTFROM>
<BANKTRANLIST><DTSTART>20240901<DTEND>20240930
${cardLines}
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20240901<DTEND>20240930
${bankLines}
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20240930</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
  }

  function readStreaming(text: string, linesPerChunk: number) {
    const streamed: StreamedLines[] = [];
    const read = readOfxStatement(new TextEncoder().encode(text), {
      linesPerChunk,
      onLines: (lines) => streamed.push({ ...lines, lines: [...lines.lines] }),
    });
    return { read, streamed };
  }

  it('hands every block over in file order once one is big, each ending with its account in the whole read', () => {
    const { read, streamed } = readStreaming(twoBlocks(2, 7), 3);
    expect(streamed.map((chunk) => [chunk.block, chunk.lines.length, chunk.accountIndex])).toEqual([
      // The card's block ended before the bank's reached three lines: handed over whole, first.
      [0, 2, 0],
      [1, 3, null],
      [1, 3, null],
      [1, 1, 1],
    ]);
    expect(streamed[0]?.account).toEqual({
      kind: 'credit_card',
      bankCode: null,
      branch: null,
      accountNumber: '4111********1234',
    });
    expect(streamed[1]?.account).toEqual({
      kind: 'bank_account',
      bankCode: '341',
      branch: '1234',
      accountNumber: '56789-0',
    });
    // Together, each block's chunks are its account's lines in the whole read, in order (blocks
    // and accounts share their order here).
    for (const [index, account] of read.accounts.entries()) {
      const handed = streamed.filter((chunk) => chunk.block === index);
      expect(handed.flatMap((chunk) => chunk.lines)).toEqual(account.transactions);
    }
  });

  it('hands nothing over when no block reaches a chunk, and reads the same as without streaming', () => {
    const text = twoBlocks(2, 7);
    const { read, streamed } = readStreaming(text, 8);
    expect(streamed).toEqual([]);
    expect(read).toEqual(readText(text));
  });

  it('hands over the lines of a file cut short, the broken last line left out', () => {
    const text = twoBlocks(0, 7);
    const { read, streamed } = readStreaming(text.slice(0, text.indexOf('PADARIA 6') + 4), 2);
    expect(read.warnings).toContain(cutShortWarning);
    expect(streamed.at(-1)).toMatchObject({ block: 1, accountIndex: 1 });
    expect(streamed.filter((chunk) => chunk.block === 1).flatMap((chunk) => chunk.lines)).toEqual(
      read.accounts[1]?.transactions,
    );
    expect(read.accounts[1]?.transactions).toHaveLength(6);
  });
});
