import { z } from 'zod';

/**
 * How to download a statement file (OFX, or a spreadsheet) from each bank, shown step by step in
 * the 'Alerta de integração' dialog. Prumo ships guides for the banks most clients use and a
 * general one for the rest; an organization may replace any bank's guide with its own.
 *
 * Each shipped step carries the screen it happens on (the menu the client looks at and the item to
 * choose), from which Prumo draws the step's illustration. Menu names change between app versions:
 * the texts say where to look and what the file is called, not the exact pixel to press.
 */
export interface GuideScreen {
  /** Where the client is: "Internet banking", "App". */
  place: string;
  /** The menu or options on that screen, in order. */
  items: readonly string[];
  /** The index of the item to choose. */
  chosen: number;
}

export interface ShippedGuideStep {
  text: string;
  screen: GuideScreen;
}

const ofxFormat = 'OFX (às vezes chamado "Money" ou "Money 2000")';

/** The steps every guide ends with: the file, then Prumo. */
function finishInPrumo(): ShippedGuideStep {
  return {
    text: 'No Prumo, abra Importar extratos, escolha o arquivo baixado e envie. O mesmo arquivo enviado de novo não duplica nada.',
    screen: { place: 'Prumo', items: ['Meu caixa', 'Importar extratos', 'Orçamento do mês'], chosen: 1 },
  };
}

function internetBankingGuide(
  entry: string,
  statementMenu: readonly string[],
  chosenStatement: number,
  exportLabel: string,
): ShippedGuideStep[] {
  return [
    {
      text: `Entre no internet banking pelo computador (${entry}) com sua agência, conta e senha.`,
      screen: { place: 'Internet banking', items: ['Agência e conta', 'Senha', 'Entrar'], chosen: 2 },
    },
    {
      text: `No menu, abra ${statementMenu[chosenStatement]}.`,
      screen: { place: 'Internet banking', items: statementMenu, chosen: chosenStatement },
    },
    {
      text: 'Escolha o período: até 3 meses de cada vez funciona em todos os bancos. Para um histórico maior, baixe mês a mês.',
      screen: { place: 'Extrato', items: ['Últimos 30 dias', 'Últimos 90 dias', 'Escolher período'], chosen: 2 },
    },
    {
      text: `Clique em "${exportLabel}" e escolha o formato ${ofxFormat}. Se o banco só oferecer Excel (XLS ou XLSX), ele também serve.`,
      screen: { place: 'Extrato', items: ['Imprimir', 'PDF', exportLabel], chosen: 2 },
    },
    finishInPrumo(),
  ];
}

function appGuide(account: string, exportLabel: string, delivery: string): ShippedGuideStep[] {
  return [
    {
      text: `Abra o app do banco no celular e entre na ${account}.`,
      screen: { place: 'App', items: [account, 'Cartão de crédito', 'Investimentos'], chosen: 0 },
    },
    {
      text: `Toque em Extrato e depois em "${exportLabel}".`,
      screen: { place: 'App', items: ['Saldo', 'Extrato', exportLabel], chosen: 2 },
    },
    {
      text: `Escolha o período e o formato ${ofxFormat}; se não houver, escolha Excel (XLS ou XLSX). ${delivery}`,
      screen: { place: 'App', items: ['Período', 'PDF', 'OFX', 'Excel'], chosen: 2 },
    },
    finishInPrumo(),
  ];
}

/** The banks with a guide of their own, by COMPE code. */
export const shippedStatementGuides: Readonly<Record<string, readonly ShippedGuideStep[]>> = {
  '341': internetBankingGuide(
    'itau.com.br',
    ['Conta corrente', 'Extrato', 'Pagamentos'],
    1,
    'Salvar em outros formatos',
  ),
  '237': internetBankingGuide(
    'banco.bradesco',
    ['Saldos e Extratos', 'Extrato por período', 'Pagamentos'],
    1,
    'Salvar como arquivo',
  ),
  '001': internetBankingGuide('bb.com.br', ['Conta corrente', 'Extrato', 'Transferências'], 1, 'Salvar ou exportar'),
  '104': internetBankingGuide('caixa.gov.br', ['Minha conta', 'Extrato', 'Pagamentos'], 1, 'Exportar OFX'),
  '033': internetBankingGuide('santander.com.br', ['Conta corrente', 'Extrato', 'Pix'], 1, 'Exportar'),
  '756': internetBankingGuide('sicoob.com.br', ['Conta corrente', 'Extrato', 'Pagamentos'], 1, 'Exportar'),
  '748': internetBankingGuide('sicredi.com.br', ['Conta corrente', 'Extrato', 'Pagamentos'], 1, 'Exportar OFX'),
  '260': appGuide('Conta', 'Exportar extrato', 'O Nubank envia o arquivo para o seu e-mail: baixe-o de lá.'),
  '077': appGuide('Conta digital', 'Exportar', 'Salve o arquivo no celular ou envie para o seu e-mail.'),
  '336': appGuide('Conta', 'Exportar extrato', 'O arquivo chega pelo e-mail cadastrado no banco.'),
  '208': appGuide('Conta', 'Exportar', 'Salve o arquivo ou envie para o seu e-mail.'),
};

/** For any other bank: where statements usually are, and what to look for. */
export const generalStatementGuide: readonly ShippedGuideStep[] = [
  {
    text: 'Cada banco organiza o menu de um jeito. Entre no internet banking pelo computador ou no app e procure Extrato.',
    screen: { place: 'Internet banking', items: ['Conta corrente', 'Extrato', 'Pagamentos'], chosen: 1 },
  },
  {
    text: `Escolha o período e procure "Exportar", "Salvar" ou "Baixar"; prefira o formato ${ofxFormat}, ou Excel (XLS ou XLSX).`,
    screen: { place: 'Extrato', items: ['Imprimir', 'PDF', 'Exportar OFX'], chosen: 2 },
  },
  finishInPrumo(),
];

/** The shipped guide of a bank: its own, or the general one. */
export function findShippedGuide(bankCode: string): readonly ShippedGuideStep[] {
  return shippedStatementGuides[bankCode] ?? generalStatementGuide;
}

export const bankGuideMessages = {
  emptyText: 'Escreva o texto do passo.',
  longText: 'O texto de um passo deve ter no máximo 500 caracteres.',
  noSteps: 'O guia precisa de pelo menos um passo.',
  tooManySteps: 'O guia pode ter no máximo 12 passos.',
  badImage: 'Imagem inválida: envie uma imagem ou use a ilustração do Prumo.',
  bankNotFound: 'Banco não encontrado.',
};

export const maximumGuideSteps = 12;

/**
 * A step's image as an organization may set it: an image it uploaded (under /media/bank-guides/),
 * one of Prumo's illustrations, or none (empty). Nothing else: an address elsewhere would make every
 * client's browser fetch it.
 */
export const guideImagePattern =
  /^(|\/media\/bank-guides\/[A-Za-z0-9_-]{8,64}\.(png|jpg|webp)|\/api\/bank\/guides\/\d{3}\/\d{1,2}\.svg)$/;

export const BankGuideStepInputSchema = z.object({
  text: z
    .string({ error: bankGuideMessages.emptyText })
    .trim()
    .min(1, bankGuideMessages.emptyText)
    .max(500, bankGuideMessages.longText),
  image: z
    .string({ error: bankGuideMessages.badImage })
    .regex(guideImagePattern, bankGuideMessages.badImage)
    .default(''),
});
export type BankGuideStepInput = z.infer<typeof BankGuideStepInputSchema>;

export const BankGuideInputSchema = z.object({
  steps: z
    .array(BankGuideStepInputSchema, { error: bankGuideMessages.noSteps })
    .min(1, bankGuideMessages.noSteps)
    .max(maximumGuideSteps, bankGuideMessages.tooManySteps),
});
export type BankGuideInput = z.infer<typeof BankGuideInputSchema>;
