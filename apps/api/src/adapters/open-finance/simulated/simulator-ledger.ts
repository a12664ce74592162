import { shiftDay } from '@prumo/domain/br/date';

/**
 * The simulated bank's books for its one customer: a checking account and a credit card with 24
 * months of lines, and two investments. Everything follows from the day, so every consent of the
 * customer — a reconnection included — finds the same accounts and the same lines; a new day brings
 * its lines, and the lines of today and yesterday are still pending (some keep their id once booked,
 * others get another, as banks do). The descriptions are those of real Brazilian statements.
 */
export interface LedgerAccount {
  id: string;
  kind: 'checking' | 'credit_card';
  name: string;
  /** The institution's COMPE code, branch and number, as a statement file of it would write them. */
  bankCode: string;
  branch: string;
  number: string;
  /** What the bank reports today: the account's balance, or the card's open amount (negative: owed). */
  balanceCents: number;
  creditLimitCents: number | null;
}

export interface LedgerLine {
  id: string;
  date: string;
  amountCents: number;
  description: string;
  status: 'BOOKED' | 'PENDING';
}

export interface LedgerInvestment {
  id: string;
  kind: 'fixed-income' | 'investment-funds';
  name: string;
  balanceCents: number;
  grossBalanceCents: number;
  cnpj: string | null;
}

export const historyMonths = 24;
const pendingDays = 2;
const openingBalanceCents = 350_000;

/** A number from 0 to 1 for a text: the same text, the same number (FNV-1a). */
function draw(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0xffffffff;
}

function vary(base: number, spread: number, key: string): number {
  return Math.round(base * (1 + spread * (draw(key) * 2 - 1)));
}

const monthlyCheckingLines: { day: number; description: string; amountCents: number; spread: number }[] = [
  { day: 5, description: 'TED RECEBIDA SALARIO EMPRESA SIMULADA LTDA', amountCents: 820_000, spread: 0 },
  { day: 6, description: 'APLICACAO CDB 110% CDI', amountCents: -200_000, spread: 0 },
  { day: 8, description: 'PAGAMENTO DE TITULO Aluguel', amountCents: -190_000, spread: 0 },
  { day: 10, description: 'DA  TIM CELU 26353822019', amountCents: -5_999, spread: 0 },
  { day: 12, description: 'DA  NET SERVIÇOS 6833197', amountCents: -12_990, spread: 0 },
  { day: 14, description: 'DEB AUTOR SEM PARAR', amountCents: -4_530, spread: 0.4 },
  { day: 16, description: 'PAGAMENTO BOLETO ENERGIA ELETRICA', amountCents: -18_000, spread: 0.25 },
  { day: 20, description: 'Superfacil Atacado', amountCents: -45_000, spread: 0.35 },
  { day: 22, description: 'PIX ENVIADO Maria Souza', amountCents: -15_000, spread: 0 },
  { day: 25, description: 'REND PAGO APLIC AUT MAIS', amountCents: 2_500, spread: 0.6 },
  { day: 27, description: 'TAR PIX PGTO FORNEC - OUTRA INST', amountCents: -248, spread: 0 },
];

const everydayMerchants = [
  'COMPRA CARTAO DEBITO lanchonete',
  'COMPRA CARTAO DEBITO Padaria Pao Quente',
  'COMPRA CARTAO DEBITO Farmacia Sao Joao',
  'COMPRA CARTAO DEBITO Hortifruti Bom Preco',
  'PIX ENVIADO Transporte Urbano',
  'COMPRA CARTAO DEBITO Restaurante',
];

const cardMerchants = [
  { description: 'Pet shop', amountCents: -13_690 },
  { description: 'Posto de gasolina', amountCents: -7_825 },
  { description: 'Restaurante', amountCents: -1_877 },
  { description: 'lanchonete', amountCents: -507 },
  { description: 'Posto', amountCents: -9_323 },
  { description: 'Livraria Cultura Simulada', amountCents: -5_990 },
];

/** Each line's id: even ones keep their id once booked, odd ones get another (ADR 44's pending rule). */
function identify(accountId: string, date: string, index: number, status: LedgerLine['status']): string {
  const changes = index % 2 === 1;
  const prefix = changes ? (status === 'PENDING' ? 'P' : 'B') : 'T';
  return `${prefix}-${accountId}-${date}-${index}`;
}

function* listDays(first: string, last: string): Generator<string> {
  for (let day = first; day <= last; day = shiftDay(day, 1)) yield day;
}

function findHistoryStart(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - historyMonths, 1));
  return start.toISOString().slice(0, 10);
}

function buildLinesOfDay(accountId: string, kind: LedgerAccount['kind'], day: string) {
  const lines: { description: string; amountCents: number }[] = [];
  const dayOfMonth = Number(day.slice(8, 10));
  if (kind === 'checking') {
    for (const line of monthlyCheckingLines) {
      if (line.day === dayOfMonth) {
        lines.push({
          description: line.description,
          amountCents: vary(line.amountCents, line.spread, `${day}|${line.description}`),
        });
      }
    }
    // About six small everyday purchases a day: what the month leaves goes on saving, as a
    // household that keeps a budget would have it (a few hundred reais a month).
    const count = 4 + Math.floor(draw(`${accountId}|${day}|count`) * 5);
    for (let index = 0; index < count; index++) {
      const merchant = everydayMerchants[
        Math.floor(draw(`${day}|${index}|merchant`) * everydayMerchants.length)
      ] as string;
      lines.push({ description: merchant, amountCents: -(300 + Math.floor(draw(`${day}|${index}|amount`) * 2_500)) });
    }
  } else {
    const count = Math.floor(draw(`${accountId}|${day}|count`) * 3);
    for (let index = 0; index < count; index++) {
      const merchant = cardMerchants[
        Math.floor(draw(`${day}|${index}|card`) * cardMerchants.length)
      ] as (typeof cardMerchants)[number];
      lines.push({
        description: merchant.description,
        amountCents: vary(merchant.amountCents, 0.3, `${day}|${index}|card-amount`),
      });
    }
  }
  return lines;
}

// Every consent of the customer reads the same books, and a sync reads them page after page: a
// day's lines of an account are drawn once (a few days' worth kept).
const drawnBooks = new Map<string, readonly LedgerLine[]>();
const drawnBooksKept = 16;

/** Every line of an account from the start of its history to `today`, oldest first (shared: never changed). */
export function listLedgerLines(accountId: string, today: string): readonly LedgerLine[] {
  const key = `${accountId}|${today}`;
  const drawn = drawnBooks.get(key);
  if (drawn) return drawn;
  const lines = drawLedgerLines(accountId, today);
  if (drawnBooks.size >= drawnBooksKept) drawnBooks.delete(drawnBooks.keys().next().value as string);
  drawnBooks.set(key, lines);
  return lines;
}

function drawLedgerLines(accountId: string, today: string): readonly LedgerLine[] {
  const account = ledgerAccounts.find((candidate) => accountId.endsWith(`:${candidate.id}`));
  if (!account) return [];
  const firstPending = shiftDay(today, 1 - pendingDays);
  const lines: LedgerLine[] = [];
  for (const day of listDays(findHistoryStart(today), today)) {
    const status: LedgerLine['status'] = day >= firstPending ? 'PENDING' : 'BOOKED';
    buildLinesOfDay(accountId, account.kind, day).forEach((line, index) => {
      lines.push({ id: identify(accountId, day, index, status), date: day, status, ...line });
    });
  }
  return lines;
}

const ledgerAccounts: readonly Omit<LedgerAccount, 'balanceCents' | 'bankCode'>[] = [
  {
    id: 'cc-0001-123456',
    kind: 'checking',
    name: 'Conta Corrente',
    branch: '0001',
    number: '123456-7',
    creditLimitCents: null,
  },
  {
    id: 'cartao-5502',
    kind: 'credit_card',
    name: 'Cartão Simulado Platinum',
    branch: '',
    number: '5502',
    creditLimitCents: 1_200_000,
  },
];

/** The institutions' COMPE codes: each keeps its own books for the customer. */
const bankCodes: Record<string, string> = {
  'banco-simulado': '990',
  'cooperativa-simulada': '991',
  'bs2-simulado': '218',
};

/** The institution's COMPE code; null for an id the simulated bank does not know. */
export function findLedgerBankCode(participantId: string): string | null {
  return bankCodes[participantId] ?? null;
}

/** The customer's accounts at an institution with what the bank reports today. */
export function listLedgerAccounts(participantId: string, today: string): LedgerAccount[] {
  const bankCode = bankCodes[participantId];
  if (!bankCode) return [];
  return ledgerAccounts.map((template) => {
    const account = { ...template, id: `${participantId}:${template.id}`, bankCode };
    const booked = listLedgerLines(account.id, today).filter((line) => line.status === 'BOOKED');
    const total = booked.reduce((sum, line) => sum + line.amountCents, 0);
    const balanceCents =
      account.kind === 'checking'
        ? openingBalanceCents + total
        : // The card's open amount: this month's purchases, as a bill would show them.
          booked
            .filter((line) => line.date.slice(0, 7) === today.slice(0, 7))
            .reduce((sum, line) => sum + line.amountCents, 0);
    return { ...account, balanceCents };
  });
}

/** The customer's investments, their balances grown month by month to `today`. */
export function listLedgerInvestments(participantId: string, today: string): LedgerInvestment[] {
  if (!bankCodes[participantId]) return [];
  const months = historyMonths + Number(today.slice(8, 10)) / 31;
  const deposit = Math.round(2_000_000 * 1.009 ** months);
  const fund = Math.round(850_000 * 1.007 ** months);
  return [
    {
      id: `${participantId}:cdb-110-cdi`,
      kind: 'fixed-income',
      name: 'CDB Simulado 110% do CDI',
      balanceCents: Math.round(deposit * 0.97),
      grossBalanceCents: deposit,
      cnpj: null,
    },
    {
      id: `${participantId}:fundo-rf-simulado`,
      kind: 'investment-funds',
      name: 'Fundo Simulado Renda Fixa',
      balanceCents: Math.round(fund * 0.98),
      grossBalanceCents: fund,
      cnpj: '77666555000100',
    },
  ];
}
