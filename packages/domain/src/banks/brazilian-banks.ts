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

/**
 * Words that name a bank in what people write, such as a statement's file name ("Extrato Itaú
 * maio.xlsx"). Only words an ordinary file name would not hold for another reason: not "caixa"
 * (the cash flow's own export is "meu-caixa-….xlsx"), "original" or "pan".
 */
const bankWords: ReadonlyMap<string, string> = new Map([
  ['bb', '001'],
  ['bancodobrasil', '001'],
  ['santander', '033'],
  ['banrisul', '041'],
  ['brb', '070'],
  ['inter', '077'],
  ['bancointer', '077'],
  ['cef', '104'],
  ['caixaeconomica', '104'],
  ['btg', '208'],
  ['bradesco', '237'],
  ['nubank', '260'],
  ['nu', '260'],
  ['pagbank', '290'],
  ['pagseguro', '290'],
  ['mercadopago', '323'],
  ['c6', '336'],
  ['c6bank', '336'],
  ['itau', '341'],
  ['picpay', '380'],
  ['safra', '422'],
  ['sicredi', '748'],
  ['sicoob', '756'],
]);

/** The bank a text names by one of its words (or two or three written together), if exactly one. */
export function findBankNamedIn(text: string): Bank | null {
  const words = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const codes = new Set<string>();
  for (let index = 0; index < words.length; index++) {
    for (let length = 1; length <= 3 && index + length <= words.length; length++) {
      const code = bankWords.get(words.slice(index, index + length).join(''));
      if (code) codes.add(code);
    }
  }
  const [code] = codes;
  return codes.size === 1 && code ? findBankByCode(code) : null;
}
