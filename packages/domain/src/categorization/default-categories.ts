/**
 * The category tree every organization starts with: Brazilian household categories, each with
 * its descriptions. `kind` says how the money counts: expense, income, asset transfer (money put
 * into or taken out of investments), or own transfer (money between the client's own accounts and
 * cards — a card bill paid from the checking account — which is neither earned, spent nor invested).
 */
export type CategoryKind = 'expense' | 'income' | 'asset_transfer' | 'own_transfer';

/**
 * Kinds whose lines are money that only changes place: never income nor expense. Their lines carry
 * `is_asset_transfer`, which keeps them out of every income/expense sum made by the line's flag.
 */
export function isMovedBetweenOwnAssets(kind: CategoryKind | null | undefined): boolean {
  return kind === 'asset_transfer' || kind === 'own_transfer';
}

export interface DefaultCategory {
  name: string;
  kind: CategoryKind;
  descriptions: readonly string[];
}

export const defaultCategories: readonly DefaultCategory[] = [
  {
    name: 'Moradia',
    kind: 'expense',
    descriptions: [
      'Aluguel',
      'Condomínio',
      'IPTU',
      'Energia elétrica',
      'Água e esgoto',
      'Gás',
      'Internet',
      'TV por assinatura',
      'Telefone',
      'Manutenção e reparos',
      'Diarista e empregada doméstica',
      'Seguro residencial',
    ],
  },
  {
    name: 'Alimentação',
    kind: 'expense',
    descriptions: ['Supermercado', 'Restaurante', 'Lanches e cafés', 'Delivery', 'Padaria', 'Feira e hortifrúti'],
  },
  {
    name: 'Transporte',
    kind: 'expense',
    descriptions: [
      'Combustível',
      'Estacionamento',
      'Pedágio',
      'Transporte por aplicativo',
      'Transporte público',
      'Manutenção do veículo',
      'Seguro do veículo',
      'IPVA e licenciamento',
      'Financiamento do veículo',
    ],
  },
  {
    name: 'Saúde',
    kind: 'expense',
    descriptions: ['Plano de saúde', 'Farmácia', 'Consultas', 'Exames', 'Dentista', 'Terapia', 'Academia'],
  },
  {
    name: 'Educação',
    kind: 'expense',
    descriptions: ['Escola', 'Faculdade', 'Cursos', 'Material escolar', 'Livros'],
  },
  {
    name: 'Lazer',
    kind: 'expense',
    descriptions: ['Viagens', 'Cinema e shows', 'Streaming', 'Passeios', 'Bares', 'Hobbies'],
  },
  {
    name: 'Cuidados pessoais',
    kind: 'expense',
    descriptions: ['Vestuário', 'Salão e barbearia', 'Cosméticos'],
  },
  {
    name: 'Compras',
    kind: 'expense',
    descriptions: ['Eletrônicos', 'Casa e decoração', 'Presentes', 'Compras online'],
  },
  {
    name: 'Família e dependentes',
    kind: 'expense',
    descriptions: ['Mesada', 'Creche e babá', 'Animais de estimação', 'Pensão alimentícia'],
  },
  {
    name: 'Impostos e tarifas',
    kind: 'expense',
    descriptions: ['Imposto de renda', 'Tarifas bancárias', 'Juros e multas', 'IOF', 'Anuidade do cartão'],
  },
  {
    name: 'Dívidas',
    kind: 'expense',
    descriptions: ['Empréstimo', 'Financiamento imobiliário', 'Cheque especial', 'Parcelamento de fatura'],
  },
  {
    name: 'Seguros',
    kind: 'expense',
    descriptions: ['Seguro de vida', 'Outros seguros'],
  },
  {
    name: 'Doações',
    kind: 'expense',
    descriptions: ['Doações', 'Dízimo'],
  },
  {
    name: 'Outras despesas',
    kind: 'expense',
    descriptions: ['Saque', 'Outras despesas'],
  },
  {
    name: 'Renda',
    kind: 'income',
    descriptions: [
      'Salário',
      'Pró-labore',
      '13º salário',
      'Férias',
      'Bônus e PLR',
      'Trabalho autônomo',
      'Aluguel recebido',
      'Aposentadoria',
      'Pensão recebida',
      'Reembolso',
      'Outras receitas',
    ],
  },
  {
    name: 'Rendimentos',
    kind: 'income',
    descriptions: ['Juros recebidos', 'Dividendos'],
  },
  {
    name: 'Investimentos',
    kind: 'asset_transfer',
    descriptions: ['Aplicação', 'Resgate', 'Previdência privada', 'Poupança'],
  },
  {
    name: 'Transferências',
    kind: 'own_transfer',
    descriptions: ['Transferência entre contas', 'Pagamento de fatura do cartão'],
  },
];
