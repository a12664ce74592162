/**
 * A Brazilian-bank-like OFX 1.02 (SGML, one tag per line, CP1252-safe ASCII) with `count`
 * transactions spread over the days before `endDate`; deterministic for a given seed.
 */
export function generateOfx(count: number, options: { seed?: number; endDate?: string } = {}): string {
  let state = options.seed ?? 42;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const merchants = [
    'SUPERMERCADO DIA',
    'UBER *TRIP',
    'IFD*IFOOD',
    'POSTO IPIRANGA',
    'NETFLIX.COM',
    'PADARIA REAL',
    'PIX ENVIADO',
    'FARMACIA DROGASIL',
    'SALARIO EMPRESA',
    'TARIFA CESTA',
  ];
  const end = new Date(`${options.endDate ?? '2026-10-31'}T12:00:00Z`);
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    const day = new Date(end.getTime() - Math.floor((index * 730) / count) * 86_400_000);
    const stamp = day.toISOString().slice(0, 10).replace(/-/g, '');
    const merchant = merchants[Math.floor(random() * merchants.length)] as string;
    const isIncome = merchant.startsWith('SALARIO');
    const cents = Math.floor(random() * 50_000) + 100;
    const amount = `${isIncome ? '' : '-'}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${isIncome ? 'CREDIT' : 'DEBIT'}`,
      `<DTPOSTED>${stamp}120000[-3:BRT]`,
      `<TRNAMT>${amount}`,
      `<FITID>${stamp}${String(index).padStart(7, '0')}`,
      `<MEMO>${merchant} ${String(index % 97).padStart(2, '0')}`,
      '</STMTTRN>',
    );
  }
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261031120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20241101120000[-3:BRT]<DTEND>20261031120000[-3:BRT]',
    ...lines,
    '</BANKTRANLIST>',
    '<LEDGERBAL><BALAMT>1000.00<DTASOF>20261031120000[-3:BRT]</LEDGERBAL>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}
