/**
 * Brazilian bank codes (COMPE) of the banks and payment institutions people hold accounts in.
 * Statements carry the code (OFX BANKID: "1", "0341"…); this list gives the name shown to users.
 */
export interface Bank {
  code: string;
  name: string;
}

export const brazilianBanks: readonly Bank[] = [
  { code: '001', name: 'Banco do Brasil' },
  { code: '003', name: 'Banco da Amazônia' },
  { code: '004', name: 'Banco do Nordeste' },
  { code: '021', name: 'Banestes' },
  { code: '033', name: 'Santander' },
  { code: '037', name: 'Banpará' },
  { code: '041', name: 'Banrisul' },
  { code: '047', name: 'Banese' },
  { code: '069', name: 'Crefisa' },
  { code: '070', name: 'BRB' },
  { code: '074', name: 'Banco J. Safra' },
  { code: '077', name: 'Banco Inter' },
  { code: '085', name: 'Ailos' },
  { code: '099', name: 'Uniprime' },
  { code: '102', name: 'XP Investimentos' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '121', name: 'Agibank' },
  { code: '133', name: 'Cresol' },
  { code: '136', name: 'Unicred' },
  { code: '197', name: 'Stone' },
  { code: '208', name: 'BTG Pactual' },
  { code: '212', name: 'Banco Original' },
  { code: '218', name: 'Banco BS2' },
  { code: '224', name: 'Banco Fibra' },
  { code: '237', name: 'Bradesco' },
  { code: '246', name: 'Banco ABC Brasil' },
  { code: '260', name: 'Nubank' },
  { code: '273', name: 'Sulcredi' },
  { code: '290', name: 'PagBank' },
  { code: '318', name: 'Banco BMG' },
  { code: '323', name: 'Mercado Pago' },
  { code: '336', name: 'C6 Bank' },
  { code: '341', name: 'Itaú Unibanco' },
  { code: '348', name: 'Banco XP' },
  { code: '364', name: 'Efí' },
  { code: '380', name: 'PicPay' },
  { code: '389', name: 'Banco Mercantil do Brasil' },
  { code: '403', name: 'Cora' },
  { code: '422', name: 'Banco Safra' },
  { code: '461', name: 'Asaas' },
  { code: '623', name: 'Banco Pan' },
  { code: '633', name: 'Banco Rendimento' },
  { code: '655', name: 'Banco BV' },
  { code: '707', name: 'Banco Daycoval' },
  { code: '745', name: 'Citibank' },
  { code: '746', name: 'Banco Modal' },
  { code: '748', name: 'Sicredi' },
  { code: '756', name: 'Sicoob' },
];

/** "1", "001" and "0001" are the same bank: codes are kept as 3 digits. */
export function normalizeBankCode(code: string): string | null {
  const digits = code.replace(/\D/g, '');
  if (!digits) return null;
  const trimmed = digits.replace(/^0+(?=\d{3})/, '');
  return trimmed.length <= 3 ? trimmed.padStart(3, '0') : trimmed;
}

const banksByCode = new Map(brazilianBanks.map((bank) => [bank.code, bank]));

export function findBankByCode(code: string | null): Bank | null {
  const normalized = code ? normalizeBankCode(code) : null;
  return normalized ? (banksByCode.get(normalized) ?? null) : null;
}
