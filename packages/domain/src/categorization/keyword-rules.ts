import { normalizeMerchantName } from './merchant-name';

/**
 * The rule-based guess used when neither the client nor the organization has categorized a
 * merchant before: well-known Brazilian merchants and bank wording, by whole words.
 * Each rule names a category and description of the default tree.
 */
export interface KeywordGuess {
  category: string;
  description: string;
}

interface KeywordRule extends KeywordGuess {
  /** Whole words or word sequences, matched against the normalized merchant name. */
  keywords: readonly string[];
  /** Only for money going out (-1) or coming in (+1); both when absent. */
  sign?: 1 | -1;
  /** Only for lines of a credit card's bill (a wording that means something else in an account). */
  onlyOnCard?: true;
}

/** Where a line comes from: words such as "PAGAMENTO RECEBIDO" only mean a bill payment on a card. */
export type LineAccountKind = 'bank_account' | 'credit_card' | 'manual';

const cardBillPayment = { category: 'Transferências', description: 'Pagamento de fatura do cartão' } as const;

const rules: readonly KeywordRule[] = [
  // Paying the card bill moves money between the client's own account and card: before any merchant
  // rule, so "PAGTO FATURA CARTAO CARREFOUR" is the payment, not a supermarket.
  {
    ...cardBillPayment,
    keywords: [
      'PAGAMENTO FATURA',
      'PAGAMENTO DE FATURA',
      'PAG FATURA',
      'PAGTO FATURA',
      'PGTO FATURA',
      'PAG FAT CARTAO',
      'PAGTO CARTAO',
      'PAGTO CARTAO CREDITO',
      'PGTO CARTAO',
      'PAG CARTAO',
      'PAGAMENTO CARTAO CREDITO',
      'PAGAMENTO CARTAO DE CREDITO',
      'FATURA CARTAO',
      'DEBITO AUT CARTAO',
      'DEB AUT CARTAO',
      'DEB AUT FAT CARTAO',
      'DEBITO AUTOMATICO CARTAO',
      'DEB AUTOMATICO CARTAO',
    ],
  },
  // The same payment as the card's bill prints it: money in for the card.
  {
    ...cardBillPayment,
    keywords: [
      'PAGAMENTO RECEBIDO',
      'PAGAMENTO EFETUADO',
      'PAGAMENTO EM CONTA',
      'PAGTO DEBITO AUTOMATICO',
      'PAGAMENTO DEBITO AUTOMATICO',
      'PAGTO DEB AUTOMATICO',
      'PAGTO POR DEB EM C C',
      'DEB AUTOM DE FATURA',
      'PGTO DEBITO CONTA',
      'PAGO PESOS',
    ],
    onlyOnCard: true,
  },
  {
    category: 'Transporte',
    description: 'Transporte por aplicativo',
    keywords: ['UBER', 'UBER TRIP', '99APP', '99 POP', '99 TECNOLOGIA', 'CABIFY'],
  },
  {
    category: 'Transporte',
    description: 'Combustível',
    keywords: ['POSTO', 'AUTO POSTO', 'SHELL', 'IPIRANGA', 'PETROBRAS', 'BR MANIA', 'COMBUSTIVEIS'],
  },
  { category: 'Transporte', description: 'Estacionamento', keywords: ['ESTACIONAMENTO', 'ESTAPAR', 'ZONA AZUL'] },
  { category: 'Transporte', description: 'Pedágio', keywords: ['SEM PARAR', 'CONECTCAR', 'VELOE', 'PEDAGIO'] },
  {
    category: 'Transporte',
    description: 'Transporte público',
    keywords: ['METRO', 'BILHETE UNICO', 'CPTM', 'SPTRANS', 'RIOCARD'],
  },
  { category: 'Alimentação', description: 'Delivery', keywords: ['IFOOD', 'IFD', 'RAPPI', 'ZE DELIVERY'] },
  {
    category: 'Alimentação',
    description: 'Supermercado',
    keywords: [
      'SUPERMERCADO',
      'SUPERMERCADOS',
      'MERCADO',
      'CARREFOUR',
      'PAO DE ACUCAR',
      'ASSAI',
      'ATACADAO',
      'EXTRA',
      'HIPERMERCADO',
      'SAMS CLUB',
      'ZAFFARI',
      'GUANABARA',
      'DIA',
    ],
  },
  { category: 'Alimentação', description: 'Padaria', keywords: ['PADARIA', 'PANIFICADORA'] },
  {
    category: 'Alimentação',
    description: 'Restaurante',
    keywords: ['RESTAURANTE', 'CHURRASCARIA', 'PIZZARIA', 'OUTBACK', 'MADERO'],
  },
  {
    category: 'Alimentação',
    description: 'Lanches e cafés',
    keywords: ['MC DONALDS', 'MCDONALDS', 'BURGER KING', 'STARBUCKS', 'CAFE', 'LANCHONETE', 'HABIBS', 'SUBWAY'],
  },
  {
    category: 'Lazer',
    description: 'Streaming',
    keywords: [
      'NETFLIX',
      'SPOTIFY',
      'DISNEY',
      'PRIME VIDEO',
      'AMAZON PRIME',
      'HBO',
      'MAX',
      'GLOBOPLAY',
      'DEEZER',
      'YOUTUBE PREMIUM',
      'PARAMOUNT',
    ],
  },
  {
    category: 'Lazer',
    description: 'Cinema e shows',
    keywords: ['CINEMA', 'CINEMARK', 'INGRESSO', 'INGRESSO COM', 'SYMPLA', 'TICKETMASTER'],
  },
  {
    category: 'Lazer',
    description: 'Viagens',
    keywords: ['HOTEL', 'AIRBNB', 'BOOKING', 'LATAM', 'GOL LINHAS', 'AZUL LINHAS', 'DECOLAR', 'CVC'],
  },
  {
    category: 'Saúde',
    description: 'Farmácia',
    keywords: [
      'FARMACIA',
      'DROGARIA',
      'DROGASIL',
      'DROGA RAIA',
      'RAIA',
      'PACHECO',
      'PAGUE MENOS',
      'PANVEL',
      'ULTRAFARMA',
    ],
  },
  {
    category: 'Saúde',
    description: 'Academia',
    keywords: ['ACADEMIA', 'SMART FIT', 'SMARTFIT', 'BLUEFIT', 'BODYTECH', 'GYMPASS', 'WELLHUB'],
  },
  {
    category: 'Saúde',
    description: 'Plano de saúde',
    keywords: ['UNIMED', 'AMIL', 'BRADESCO SAUDE', 'SULAMERICA SAUDE', 'HAPVIDA', 'NOTREDAME'],
  },
  { category: 'Moradia', description: 'Condomínio', keywords: ['CONDOMINIO', 'COND'] },
  { category: 'Moradia', description: 'Aluguel', keywords: ['ALUGUEL'], sign: -1 },
  {
    category: 'Moradia',
    description: 'Energia elétrica',
    keywords: ['ENEL', 'CEMIG', 'COPEL', 'LIGHT', 'CPFL', 'ELETROPAULO', 'COELBA', 'CELPE', 'ENERGISA', 'EQUATORIAL'],
  },
  {
    category: 'Moradia',
    description: 'Água e esgoto',
    keywords: ['SABESP', 'CEDAE', 'COPASA', 'SANEPAR', 'EMBASA', 'CAESB', 'AGUAS'],
  },
  { category: 'Moradia', description: 'Gás', keywords: ['COMGAS', 'NATURGY', 'ULTRAGAZ', 'LIQUIGAS'] },
  { category: 'Moradia', description: 'Telefone', keywords: ['VIVO', 'CLARO', 'TIM', 'OI'] },
  { category: 'Moradia', description: 'Internet', keywords: ['NET SERVICOS', 'NET VIRTUA', 'INTERNET'] },
  {
    category: 'Compras',
    description: 'Compras online',
    keywords: [
      'MERCADOLIVRE',
      'MERCADO LIVRE',
      'MERCADOPAGO',
      'AMAZON',
      'SHOPEE',
      'ALIEXPRESS',
      'MAGALU',
      'MAGAZINE LUIZA',
      'AMERICANAS',
      'SHEIN',
    ],
  },
  {
    category: 'Cuidados pessoais',
    description: 'Vestuário',
    keywords: ['RENNER', 'RIACHUELO', 'C A', 'CEA', 'ZARA', 'HERING', 'CENTAURO', 'NETSHOES'],
  },
  { category: 'Impostos e tarifas', description: 'IOF', keywords: ['IOF'] },
  {
    category: 'Impostos e tarifas',
    description: 'Tarifas bancárias',
    keywords: ['TARIFA', 'TAR', 'CESTA', 'PACOTE SERVICOS', 'MENSALIDADE PACOTE'],
  },
  { category: 'Impostos e tarifas', description: 'Anuidade do cartão', keywords: ['ANUIDADE'] },
  {
    category: 'Impostos e tarifas',
    description: 'Juros e multas',
    keywords: ['JUROS', 'MULTA', 'ENCARGOS', 'MORA'],
    sign: -1,
  },
  { category: 'Impostos e tarifas', description: 'Imposto de renda', keywords: ['DARF', 'IRPF', 'RECEITA FEDERAL'] },
  {
    category: 'Dívidas',
    description: 'Empréstimo',
    keywords: ['EMPRESTIMO', 'CONSIGNADO', 'CREDITO PESSOAL'],
    sign: -1,
  },
  { category: 'Outras despesas', description: 'Saque', keywords: ['SAQUE', 'SAQ'], sign: -1 },
  {
    category: 'Renda',
    description: 'Salário',
    keywords: ['SALARIO', 'PROVENTOS', 'FOLHA', 'FOLHA PAGAMENTO', 'CRED SALARIO', 'PAGTO SALARIO'],
    sign: 1,
  },
  { category: 'Renda', description: '13º salário', keywords: ['13 SALARIO', 'DECIMO TERCEIRO'], sign: 1 },
  { category: 'Renda', description: 'Aposentadoria', keywords: ['INSS', 'BENEFICIO INSS', 'APOSENTADORIA'], sign: 1 },
  { category: 'Renda', description: 'Reembolso', keywords: ['ESTORNO', 'REEMBOLSO', 'DEVOLUCAO'], sign: 1 },
  {
    category: 'Rendimentos',
    description: 'Juros recebidos',
    keywords: ['RENDIMENTO', 'RENDIMENTOS', 'REND PAGO', 'JUROS'],
    sign: 1,
  },
  {
    category: 'Rendimentos',
    description: 'Dividendos',
    keywords: ['DIVIDENDOS', 'JCP', 'JUROS SOBRE CAPITAL'],
    sign: 1,
  },
  {
    category: 'Investimentos',
    description: 'Aplicação',
    keywords: ['APLICACAO', 'APLIC', 'APL', 'CDB', 'TESOURO DIRETO', 'LCI', 'LCA'],
    sign: -1,
  },
  { category: 'Investimentos', description: 'Resgate', keywords: ['RESGATE', 'RESG'], sign: 1 },
  { category: 'Investimentos', description: 'Poupança', keywords: ['POUPANCA'] },
  {
    category: 'Investimentos',
    description: 'Previdência privada',
    keywords: ['PREVIDENCIA', 'PGBL', 'VGBL', 'BRASILPREV'],
  },
  // Last: "JUROS FATURA" or "IOF FATURA" are charges, not the payment.
  { ...cardBillPayment, keywords: ['FATURA'] },
];

interface IndexedRule {
  rule: KeywordRule;
  order: number;
}

/** Rules by keyword, so a name is matched by looking up its word sequences, not by scanning every rule. */
const rulesByKeyword = new Map<string, IndexedRule[]>();
let longestKeywordWords = 1;
rules.forEach((rule, order) => {
  for (const keyword of rule.keywords) {
    rulesByKeyword.set(keyword, [...(rulesByKeyword.get(keyword) ?? []), { rule, order }]);
    longestKeywordWords = Math.max(longestKeywordWords, keyword.split(' ').length);
  }
});

/** The earliest rule (in the table's order) whose keyword is a run of whole words of the name. */
function findEarliestRule(
  words: readonly string[],
  line: { sign: 1 | -1; onCard: boolean },
  best: IndexedRule | null,
): IndexedRule | null {
  let found = best;
  for (let start = 0; start < words.length; start++) {
    let sequence = '';
    for (let length = 1; length <= longestKeywordWords && start + length <= words.length; length++) {
      sequence = length === 1 ? (words[start] as string) : `${sequence} ${words[start + length - 1]}`;
      for (const candidate of rulesByKeyword.get(sequence) ?? []) {
        if (candidate.rule.sign && candidate.rule.sign !== line.sign) continue;
        if (candidate.rule.onlyOnCard && !line.onCard) continue;
        if (!found || candidate.order < found.order) found = candidate;
      }
    }
  }
  return found;
}

/**
 * The default tree's description for a bank line, or null when nothing is clear enough.
 * The raw text is searched too, because noise words ("PAGAMENTO", "FATURA") can carry meaning.
 */
export function guessByKeywords(text: string, amountCents: number, accountKind?: LineAccountKind): KeywordGuess | null {
  const line = { sign: amountCents < 0 ? (-1 as const) : (1 as const), onCard: accountKind === 'credit_card' };
  const merchantWords = normalizeMerchantName(text).split(' ').filter(Boolean);
  const rawWords = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const found = findEarliestRule(rawWords, line, findEarliestRule(merchantWords, line, null));
  return found ? { category: found.rule.category, description: found.rule.description } : null;
}
