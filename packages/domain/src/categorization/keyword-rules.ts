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
}

const rules: readonly KeywordRule[] = [
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
  {
    category: 'Transferências',
    description: 'Pagamento de fatura do cartão',
    keywords: ['FATURA', 'PAGAMENTO FATURA', 'PAG FATURA', 'PGTO FATURA', 'PAGAMENTO RECEBIDO', 'PAGTO CARTAO'],
  },
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
function findEarliestRule(words: readonly string[], sign: 1 | -1, best: IndexedRule | null): IndexedRule | null {
  let found = best;
  for (let start = 0; start < words.length; start++) {
    let sequence = '';
    for (let length = 1; length <= longestKeywordWords && start + length <= words.length; length++) {
      sequence = length === 1 ? (words[start] as string) : `${sequence} ${words[start + length - 1]}`;
      for (const candidate of rulesByKeyword.get(sequence) ?? []) {
        if (candidate.rule.sign && candidate.rule.sign !== sign) continue;
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
export function guessByKeywords(text: string, amountCents: number): KeywordGuess | null {
  const sign = amountCents < 0 ? -1 : 1;
  const merchantWords = normalizeMerchantName(text).split(' ').filter(Boolean);
  const rawWords = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const found = findEarliestRule(rawWords, sign, findEarliestRule(merchantWords, sign, null));
  return found ? { category: found.rule.category, description: found.rule.description } : null;
}
