/** Small OFX statements for tests, written as banks do (SGML, no closing tags on values). */

export interface OfxLine {
  date: string;
  amount: string;
  memo: string;
}

/** A small OFX statement: a checking account (BANKMSGSRSV1) or a card (CREDITCARDMSGSRSV1). */
export function buildOfx(
  kind: 'bank' | 'card',
  account: string,
  lines: OfxLine[],
  balance?: { amount: string; date: string },
  bank: { id: string; branch: string } = { id: '0341', branch: '1234' },
) {
  const transactionsText = lines
    .map(
      (line, index) =>
        `<STMTTRN><TRNTYPE>${line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${line.date.replaceAll('-', '')}120000<TRNAMT>${line.amount}<FITID>${account}-${index}<MEMO>${line.memo}</STMTTRN>`,
    )
    .join('\n');
  const balanceText = balance
    ? `<LEDGERBAL><BALAMT>${balance.amount}<DTASOF>${balance.date.replaceAll('-', '')}120000</LEDGERBAL>`
    : '';
  const from =
    kind === 'bank'
      ? `<BANKACCTFROM><BANKID>${bank.id}<BRANCHID>${bank.branch}<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>`
      : `<CCACCTFROM><ACCTID>${account}</CCACCTFROM>`;
  const statement = `<CURDEF>BRL${from}<BANKTRANLIST>\n${transactionsText}\n</BANKTRANLIST>${balanceText}`;
  const body =
    kind === 'bank'
      ? `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS>${statement}</STMTRS></STMTTRNRS></BANKMSGSRSV1>`
      : `<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><CCSTMTRS>${statement}</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>`;
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261115<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>${body}</OFX>`,
  );
}
