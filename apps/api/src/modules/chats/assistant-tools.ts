import { findTodayInBrazil, formatBrazilianDate } from '@prumo/domain/br/date';
import { findCurrentMonth, formatMonthName, formatMonthNumber } from '@prumo/domain/budget/target-month';
import { computeBudgetUsePercent, staleImportDays } from '@prumo/domain/clients/client-attention';
import { formatCents } from '@prumo/domain/money/cents';
import { resolvePerformanceRange } from '@prumo/domain/performance/performance-figures';
import { prospectStageLabels, prospectStages } from '@prumo/domain/prospects/prospect-stages';
import { foldForSearch } from '@prumo/domain/records/search-text';
import type { AssistantTool } from '../../adapters/assistant/assistant';
import type { AppDependencies } from '../../dependencies';
import { buildCallerScope, resolveNamedClientScope } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import { listInsights } from '../insights/index';
import { readMyPerformance } from '../performance/index';
import { type ClientBookFilters, findClientBook } from '../profiles/index';
import { countProspectsByStage } from '../prospects/index';
import { listReminders } from '../reminders/index';
import { findUncategorizedLines } from './chats.repo';

/** The most clients a list answer names; beyond it the answer says how many more there are. */
const listedClientsLimit = 50;
/** The most lines or bills an answer about one client lists. */
const listedItemsLimit = 10;
/** A planner's whole book is read to find a client by name: no book is near this size. */
const wholeBookLimit = 2000;

type BookRow = Awaited<ReturnType<typeof findClientBook>>['rows'][number];

function nameOf(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

function describeDays(days: number | null): string {
  if (days === null) return 'nunca importou';
  if (days === 0) return 'última importação hoje';
  return days === 1 ? 'última importação há 1 dia' : `última importação há ${days} dias`;
}

function listMore(total: number, shown: number): string[] {
  return total > shown ? [`… e mais ${total - shown}.`] : [];
}

/** "há 45 dias", "há 2 meses": the number of days a question names (30 unless it names one). */
export function readDaysAsked(question: string): number {
  const folded = foldForSearch(question);
  const days = /(\d{1,4})\s*dias?/.exec(folded);
  if (days) return Math.min(Math.max(Number(days[1]), 1), 3650);
  const months = /(\d{1,2})\s*m[eê]s(es)?/.exec(folded);
  if (months) return Math.min(Math.max(Number(months[1]) * 30, 1), 3650);
  if (/\bum mes\b|\b1 mes\b/.test(folded)) return 30;
  return staleImportDays;
}

/** A whole word (or words) of the folded text: "ana" is in "a ana gastou", not in "banana". */
function containsWords(foldedText: string, foldedWords: string): boolean {
  if (!foldedWords) return false;
  const escaped = foldedWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(foldedText);
}

type ClientFound = { found: BookRow } | { answer: string };

/**
 * The planner's tools: each question the assistant knows, reading the caller's OWN clients only
 * (a manager's too: the clients they advise themselves), through the client book and the scope
 * module. Figures come from the same code the screens use.
 */
export function buildAssistantTools(deps: AppDependencies, caller: Caller, now: Date): AssistantTool[] {
  const readBook = async (filters: ClientBookFilters, limit = wholeBookLimit) =>
    findClientBook(
      deps.db,
      caller,
      { ownClientsOnly: true, page: { limit, offset: 0 }, filters, order: { by: 'name', descending: false } },
      now,
    );

  /** The client a text names, by full name or, when only one has it, by first name. */
  async function findNamedClient(text: unknown): Promise<ClientFound> {
    const folded = foldForSearch(typeof text === 'string' ? text : '');
    const { rows } = await readBook({});
    if (rows.length === 0) return { answer: 'Você ainda não tem clientes.' };
    const byFullName = rows.filter((row) => containsWords(folded, foldForSearch(nameOf(row))));
    const byFirstName = rows.filter((row) => containsWords(folded, foldForSearch(row.firstName.trim())));
    const candidates = byFullName.length ? byFullName : byFirstName;
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only) return { found: only };
    const examples = (candidates.length > 1 ? candidates : rows).slice(0, 5).map(nameOf);
    const ask =
      candidates.length > 1 ? 'Há mais de um cliente com esse nome.' : 'Não encontrei esse cliente na sua carteira.';
    return { answer: `${ask} Diga o nome completo, por exemplo: ${examples.join(', ')}.` };
  }

  const clientNameParameter = {
    type: 'object' as const,
    properties: { client_name: { type: 'string', description: 'Nome do cliente, como o planejador o escreveu.' } },
    required: ['client_name'],
  };
  const readClientName = (question: string) => ({ client_name: question });

  return [
    {
      name: 'clients_without_import',
      description: 'Clientes sem importação de extratos há N dias (30 se não disser)',
      example: 'quais clientes estão sem importação há 30 dias?',
      parameters: {
        type: 'object',
        properties: { days: { type: 'integer', minimum: 1, maximum: 3650, description: 'Dias sem importação.' } },
      },
      patterns: [/sem (importa|importar|extrato|enviar)/, /(nao|nunca) (importa|importou|importaram|enviou|enviaram)/],
      readArguments: (question) => ({ days: readDaysAsked(question) }),
      async run(args) {
        const asked = Number(args.days);
        const days = Number.isInteger(asked) && asked >= 1 && asked <= 3650 ? asked : staleImportDays;
        const { rows, count } = await readBook({ withoutImportForDays: days }, listedClientsLimit);
        if (count === 0) return `Todos os seus clientes importaram extratos nos últimos ${days} dias.`;
        return [
          `Clientes sem importação há ${days} dias ou mais (${count}):`,
          ...rows.map((row) => `• ${nameOf(row)} — ${describeDays(row.daysSinceImport)}`),
          ...listMore(count, rows.length),
        ].join('\n');
      },
    },
    {
      name: 'clients_over_budget',
      description: 'Clientes acima do orçamento no mês atual',
      example: 'quem está acima do orçamento este mês?',
      parameters: { type: 'object', properties: {} },
      patterns: [/acima do (orcamento|planejado)/, /estour/, /(passou|passaram|ultrapass\w*) (do|o) orcamento/],
      readArguments: () => ({}),
      async run() {
        const month = formatMonthName(findCurrentMonth(now));
        const { rows, count } = await readBook({ attention: ['over_budget'] }, listedClientsLimit);
        if (count === 0) return `Nenhum cliente seu está acima do orçamento em ${month}.`;
        return [
          `Clientes acima do orçamento em ${month} (${count}):`,
          ...rows.map((row) => {
            const use = computeBudgetUsePercent(row.monthExpense, row.plannedExpense);
            return `• ${nameOf(row)} — gastou ${formatCents(row.monthExpense)} de ${formatCents(row.plannedExpense ?? 0)} planejados (${use}%)`;
          }),
          ...listMore(count, rows.length),
        ].join('\n');
      },
    },
    {
      name: 'uncategorized_lines',
      description: 'Lançamentos sem categoria de um cliente (ou quantos cada cliente tem)',
      example: 'quais lançamentos da Ana estão sem categoria?',
      parameters: {
        type: 'object',
        properties: { client_name: { type: 'string', description: 'Nome do cliente; vazio para todos.' } },
      },
      patterns: [/sem categoria/, /nao categorizad/, /descategorizad/, /(falta|faltam) categorizar/],
      readArguments: readClientName,
      async run(args) {
        const named =
          typeof args.client_name === 'string' && args.client_name.trim()
            ? await findNamedClient(args.client_name)
            : null;
        if (named && 'found' in named) {
          const scope = await resolveNamedClientScope(deps.db, caller, named.found.id, 'read');
          const { rows, count } = await findUncategorizedLines(deps.db, scope, listedItemsLimit);
          if (count === 0) return `${nameOf(named.found)} não tem lançamentos sem categoria.`;
          return [
            `${nameOf(named.found)} tem ${count} lançamento(s) sem categoria:`,
            ...rows.map(
              (line) => `• ${formatBrazilianDate(line.date)} — ${line.name} — ${formatCents(line.amountCents)}`,
            ),
            ...listMore(count, rows.length),
          ].join('\n');
        }
        const { rows } = await readBook({});
        const pending = rows.filter((row) => row.uncategorizedLines > 0);
        if (pending.length === 0) return 'Nenhum cliente seu tem lançamentos sem categoria.';
        return [
          'Clientes com lançamentos sem categoria:',
          ...pending.slice(0, listedClientsLimit).map((row) => `• ${nameOf(row)} — ${row.uncategorizedLines}`),
          ...listMore(pending.length, Math.min(pending.length, listedClientsLimit)),
        ].join('\n');
      },
    },
    {
      name: 'plannings_awaiting_acceptance',
      description: 'Planejamentos enviados que aguardam o aceite do cliente',
      example: 'quais planejamentos estão aguardando aceite?',
      parameters: { type: 'object', properties: {} },
      patterns: [
        /planejamentos? .*(aguard|pendente|esperando|aceit|aprova)/,
        /(aguard|esperando)\w* (o )?(aceite|aprovacao)/,
      ],
      readArguments: () => ({}),
      async run() {
        const { rows } = await readBook({});
        const awaiting = rows.filter((row) => row.planningAwaitingId !== null);
        if (awaiting.length === 0) return 'Nenhum planejamento seu aguarda o aceite do cliente.';
        return [
          `Planejamentos aguardando aceite (${awaiting.length}):`,
          ...awaiting
            .slice(0, listedClientsLimit)
            .map(
              (row) =>
                `• ${nameOf(row)} — ${row.planningAwaitingStart ? formatMonthNumber(row.planningAwaitingStart) : ''}`,
            ),
          ...listMore(awaiting.length, Math.min(awaiting.length, listedClientsLimit)),
        ].join('\n');
      },
    },
    {
      name: 'savings_rate',
      description: 'Taxa de poupança de um cliente nos últimos 12 meses',
      example: 'qual a taxa de poupança da Ana?',
      parameters: clientNameParameter,
      patterns: [/poupanca/, /poupou/, /economiz/, /taxa de economia/],
      readArguments: readClientName,
      async run(args) {
        const named = await findNamedClient(args.client_name);
        if ('answer' in named) return named.answer;
        const range = resolvePerformanceRange({}, now);
        if (!range.ok) return 'Não consegui ler o período.';
        const scope = await resolveNamedClientScope(deps.db, caller, named.found.id, 'read');
        const { period } = await readMyPerformance(deps, scope, {
          startMonth: range.startMonth,
          endMonth: range.endMonth,
          currentMonth: findCurrentMonth(now),
        });
        const span = `${formatMonthNumber(range.startMonth)} a ${formatMonthNumber(range.endMonth)}`;
        if (period.savingsRate === null)
          return `${nameOf(named.found)} não teve receitas de ${span}: não há taxa de poupança.`;
        const rate = (period.savingsRate * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
        return `Taxa de poupança de ${nameOf(named.found)} de ${span}: ${rate}% — receitas ${formatCents(period.income)}, despesas ${formatCents(period.expense)}, poupado ${formatCents(period.result)}.`;
      },
    },
    {
      name: 'prospects_by_stage',
      description: 'Prospects por etapa do funil',
      example: 'quantos prospects tenho em cada etapa?',
      parameters: { type: 'object', properties: {} },
      patterns: [/prospect/, /funil/, /\bleads?\b/],
      readArguments: () => ({}),
      async run() {
        const counts = new Map((await countProspectsByStage(deps.db, caller)).map((row) => [row.stage, row.total]));
        const total = [...counts.values()].reduce((sum, value) => sum + value, 0);
        if (total === 0) return 'Você não tem prospects.';
        return [
          `Prospects por etapa (${total}):`,
          ...prospectStages.map((stage) => `• ${prospectStageLabels[stage]}: ${counts.get(stage) ?? 0}`),
        ].join('\n');
      },
    },
    {
      name: 'unread_insights',
      description: 'Insights ainda não lidos dos clientes',
      example: 'quais insights não li?',
      parameters: { type: 'object', properties: {} },
      patterns: [/insights?/, /alertas? (dos|de) clientes/],
      readArguments: () => ({}),
      async run() {
        if (!caller.features.includes('insight')) return 'Os insights não estão ativos na sua organização.';
        // The caller's scope reaches a manager's whole organization: keep the clients they advise.
        const ownClients = new Set((await readBook({})).rows.map((row) => row.id));
        const unread = (await listInsights(deps, buildCallerScope(caller), { unreadOnly: true })).filter((insight) =>
          ownClients.has(insight.client),
        );
        if (unread.length === 0) return 'Você não tem insights não lidos dos seus clientes.';
        return [
          `Insights não lidos (${unread.length}):`,
          ...unread
            .slice(0, listedClientsLimit)
            .map(
              (insight) =>
                `• ${insight.client_name} — ${insight.title} (${formatBrazilianDate(findTodayInBrazil(new Date(insight.created_at)))})`,
            ),
          ...listMore(unread.length, Math.min(unread.length, listedClientsLimit)),
        ].join('\n');
      },
    },
    {
      name: 'next_bills',
      description: 'Próximas contas (lembretes de contas) de um cliente',
      example: 'quais as próximas contas da Ana?',
      parameters: clientNameParameter,
      patterns: [/contas?\b/, /boleto/, /lembrete/, /vencimento/, /\bvence/, /a pagar/],
      readArguments: readClientName,
      async run(args) {
        const named = await findNamedClient(args.client_name);
        if ('answer' in named) return named.answer;
        const scope = await resolveNamedClientScope(deps.db, caller, named.found.id, 'read');
        const next = (await listReminders(deps, scope))
          .filter((reminder) => reminder.status === 'ACTIVE' && reminder.next_occurrence !== null)
          .sort((a, b) => String(a.next_occurrence).localeCompare(String(b.next_occurrence)));
        if (next.length === 0) return `${nameOf(named.found)} não tem contas a vencer nos lembretes.`;
        return [
          `Próximas contas de ${nameOf(named.found)}:`,
          ...next.slice(0, listedItemsLimit).map((reminder) => {
            const amount = reminder.amount === null ? '' : ` — ${formatCents(reminder.amount)}`;
            return `• ${formatBrazilianDate(String(reminder.next_occurrence))} — ${reminder.title}${amount}`;
          }),
          ...listMore(next.length, Math.min(next.length, listedItemsLimit)),
        ].join('\n');
      },
    },
  ];
}
