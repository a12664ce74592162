import {
  type Investment,
  InvestmentFundSchema,
  type InvestmentKind,
  InvestmentKindSchema,
} from '@prumo/contract/investments';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { z } from 'zod';
import type { Transaction } from '../../db/database';
import { investments } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound, failOnFields } from '../../lib/domain-errors';
import { type ClientScope, countRowsHoldingClient } from '../../lib/scope';
import {
  deleteInvestment as deleteInvestmentRow,
  findInvestment,
  findInvestments,
  findLatestValues,
  type InvestmentFields,
  type InvestmentRow,
  type InvestmentValueRow,
  insertInvestment,
  recordValue,
  updateInvestment,
  upsertSourcedInvestment,
} from './investments.repo';

/** A household holds tens of investments; the cap keeps one client's list (with its history) small. */
export const maximumInvestmentsPerClient = 200;

/** Points of history each investment carries in an answer: three years of monthly updates. */
export const maximumHistoryPoints = 36;

export const investmentMessages = {
  notFound: 'Investimento não encontrado.',
  unknownKind: 'Tipo de investimento desconhecido.',
  tooMany: `Limite de ${maximumInvestmentsPerClient} investimentos atingido: apague um para criar outro.`,
  notOfKind: 'Este campo não se aplica a este tipo de investimento.',
};

/** The body's fields that only some kinds use; the others (name, balance, gross_balance, cnpj) apply to all. */
const kindFields: Record<InvestmentKind, readonly string[]> = {
  'private-pension': ['monthly_contribution', 'cnpb', 'susep_process'],
  pension: ['monthly_contribution', 'salary', 'cnpb', 'susep_process'],
  'investment-funds': ['funds'],
  'fixed-income': [],
  stocks: [],
  coe: [],
};
const specificFields = [...new Set(Object.values(kindFields).flat())];

/** The kind a path names, or not found: the kind is part of the address. */
export function readInvestmentKind(text: string): InvestmentKind {
  const parsed = InvestmentKindSchema.safeParse(text);
  if (!parsed.success) failNotFound(investmentMessages.unknownKind);
  return parsed.data;
}

/** Refuses, each on its own field, a field the body brings (even null) that the kind does not use. */
export function refuseFieldsOfOtherKinds(kind: InvestmentKind, body: Record<string, unknown>): void {
  const foreign = specificFields.filter((field) => body[field] !== undefined && !kindFields[kind].includes(field));
  if (foreign.length > 0) {
    failOnFields(Object.fromEntries(foreign.map((field) => [field, [investmentMessages.notOfKind]])));
  }
}

const StoredFundsSchema = z.array(InvestmentFundSchema);

function presentInvestment(row: InvestmentRow, values: InvestmentValueRow[]): Investment {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    balance: row.balanceCents,
    gross_balance: row.grossBalanceCents,
    monthly_contribution: row.monthlyContributionCents,
    salary: row.salaryCents,
    cnpj: row.cnpj,
    cnpb: row.cnpb,
    susep_process: row.susepProcess,
    // jsonb is only as sound as what was written: read back through the same schema.
    funds: StoredFundsSchema.parse(row.funds),
    history: values.map((value) => ({
      date: value.date,
      balance: value.balanceCents,
      gross_balance: value.grossBalanceCents,
    })),
  };
}

async function presentWithHistory(deps: AppDependencies, rows: InvestmentRow[]): Promise<Investment[]> {
  const values = await findLatestValues(
    deps.db,
    rows.map((row) => row.id),
    maximumHistoryPoints,
  );
  const byInvestment = new Map<number, InvestmentValueRow[]>();
  for (const value of values) {
    const points = byInvestment.get(value.investmentId);
    if (points) points.push(value);
    else byInvestment.set(value.investmentId, [value]);
  }
  return rows.map((row) => presentInvestment(row, byInvestment.get(row.id) ?? []));
}

/** The client's investments of one kind, or of every kind (null), each with its history. */
export async function listInvestments(
  deps: AppDependencies,
  scope: ClientScope,
  kind: InvestmentKind | null,
): Promise<Investment[]> {
  return presentWithHistory(deps, await findInvestments(deps.db, scope, kind));
}

export async function readInvestment(
  deps: AppDependencies,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
): Promise<Investment> {
  const row = await findInvestment(deps.db, scope, kind, investmentId);
  if (!row) failNotFound(investmentMessages.notFound);
  const [investment] = await presentWithHistory(deps, [row]);
  if (!investment) throw new Error('An investment read gave no answer');
  return investment;
}

/** Creates the investment with its first point of history, today in Brazil. */
export async function createInvestment(
  deps: AppDependencies,
  scope: ClientScope,
  kind: InvestmentKind,
  fields: InvestmentFields,
): Promise<Investment> {
  const created = await deps.db.transaction(async (transaction) => {
    if ((await countRowsHoldingClient(transaction, investments, scope)) >= maximumInvestmentsPerClient) {
      failInvalid(investmentMessages.tooMany);
    }
    const row = await insertInvestment(transaction, scope, kind, fields);
    await recordValue(transaction, row, findTodayInBrazil(new Date()));
    return row;
  });
  return readInvestment(deps, scope, kind, created.id);
}

/** Changes the investment; a new balance or gross balance becomes today's point of its history. */
export async function changeInvestment(
  deps: AppDependencies,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
  changes: Partial<InvestmentFields>,
): Promise<Investment> {
  await deps.db.transaction(async (transaction) => {
    const before = await findInvestment(transaction, scope, kind, investmentId);
    if (!before) failNotFound(investmentMessages.notFound);
    const updated = await updateInvestment(transaction, scope, kind, investmentId, changes);
    if (!updated) failNotFound(investmentMessages.notFound);
    if (updated.balanceCents !== before.balanceCents || updated.grossBalanceCents !== before.grossBalanceCents) {
      await recordValue(transaction, updated, findTodayInBrazil(new Date()));
    }
  });
  return readInvestment(deps, scope, kind, investmentId);
}

export async function deleteInvestment(
  deps: AppDependencies,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
): Promise<void> {
  if (!(await deleteInvestmentRow(deps.db, scope, kind, investmentId))) failNotFound(investmentMessages.notFound);
}

/** What a bank connection reports of an investment. */
export interface SyncedInvestment {
  /** `{participant}:{the institution's id}`: the same investment at every sync and reconnection. */
  sourceKey: string;
  kind: InvestmentKind;
  name: string;
  balanceCents: number;
  grossBalanceCents: number | null;
  cnpj: string | null;
}

/**
 * A connection's investments into the client's, in the caller's transaction: each kept by its
 * institution's reference, its balance today's point of history (as a change by hand would be).
 */
export async function storeSyncedInvestments(
  transaction: Transaction,
  scope: ClientScope,
  synced: readonly SyncedInvestment[],
  today: string,
): Promise<number> {
  for (const investment of synced) {
    const { sourceKey, kind, ...fields } = investment;
    const row = await upsertSourcedInvestment(transaction, scope, sourceKey, kind, fields);
    await recordValue(transaction, row, today);
  }
  return synced.length;
}
