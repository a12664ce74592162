import { type CategoryKind, isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import { guessByKeywords, type LineAccountKind } from '@prumo/domain/categorization/keyword-rules';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { findDescriptionIdsByNames } from './categories.repo';

type Executor = Database | Transaction;

export interface CategorySuggestion {
  categoryId: number;
  descriptionId: number | null;
  isAssetTransfer: boolean;
  by: 'client_history' | 'organization_history' | 'rule';
}

export interface LineToCategorize {
  merchantKey: string;
  name: string;
  amountCents: number;
  /** The kind of account the line comes from, when known (a card's bill words its payment its own way). */
  accountKind?: LineAccountKind;
}

interface LearnedRow extends Record<string, unknown> {
  merchant_key: string;
  direction: number;
  category_id: number;
  description_id: number | null;
  kind: CategoryKind;
}

function learnedKey(merchantKey: string, direction: number): string {
  return `${direction}|${merchantKey}`;
}

/** Suggestions for a batch of lines, in their order (see `prepareCategorizer`). */
export async function suggestCategories(
  db: Executor,
  scope: { organizationId: number; clientUserId: number },
  lines: readonly LineToCategorize[],
): Promise<(CategorySuggestion | null)[]> {
  const suggest = await prepareCategorizer(
    db,
    scope,
    lines.map((line) => line.merchantKey),
  );
  return lines.map(suggest);
}

/**
 * Learned categorization: what this client gave the same merchant (same direction of money)
 * most recently; else what most of the organization's clients gave it; else the keyword rules.
 * Two queries for every merchant the lines may name, whatever their number (and one for the
 * rules' categories); the answer suggests for one line at a time, so a large import categorizes
 * its lines as it writes them.
 */
export async function prepareCategorizer(
  db: Executor,
  scope: { organizationId: number; clientUserId: number },
  lineMerchantKeys: Iterable<string>,
): Promise<(line: LineToCategorize) => CategorySuggestion | null> {
  const categorizer = createCategorizer(db, scope);
  await categorizer.learn(lineMerchantKeys);
  return categorizer.suggest;
}

/**
 * The same categorizer for lines that come in batches (a file still being read): `learn` reads
 * what was learned of the merchants a batch names that earlier batches did not, and `suggest`
 * then answers for its lines. Texts guessed by the keyword rules are guessed once for all batches.
 */
export function createCategorizer(db: Executor, scope: { organizationId: number; clientUserId: number }) {
  const clientHistory = new Map<string, LearnedRow>();
  const organizationHistory = new Map<string, LearnedRow>();
  const askedKeys = new Set<string>();
  let treeByName: Awaited<ReturnType<typeof findDescriptionIdsByNames>> | null = null;
  // Statements repeat the same text often (fees, subscriptions): guess each text once.
  const guesses = new Map<string, ReturnType<typeof guessByKeywords>>();

  async function learn(lineMerchantKeys: Iterable<string>): Promise<void> {
    const merchantKeys: string[] = [];
    for (const key of lineMerchantKeys) {
      if (!key || askedKeys.has(key)) continue;
      askedKeys.add(key);
      merchantKeys.push(key);
    }
    // One array parameter (a plain array would be spread into a list of parameters).
    const keysArray = sql`${sql.param(merchantKeys)}::text[]`;
    const readClientHistory = async () =>
      merchantKeys.length === 0
        ? []
        : (
            await db.execute<LearnedRow>(sql`
        select distinct on (t.merchant_key, sign(t.amount_cents))
          t.merchant_key, sign(t.amount_cents)::int as direction, t.category_id, t.description_id, c.kind
        from transactions t join categories c on c.id = t.category_id
        where t.organization_id = ${scope.organizationId} and t.client_user_id = ${scope.clientUserId}
          and t.categorized_by = 'person' and t.merchant_key = any(${keysArray})
        order by t.merchant_key, sign(t.amount_cents), t.categorized_at desc nulls last, t.id desc`)
          ).rows;
    const readOrganizationHistory = async () =>
      merchantKeys.length === 0
        ? []
        : (
            await db.execute<LearnedRow>(sql`
        select distinct on (grouped.merchant_key, grouped.direction)
          grouped.merchant_key, grouped.direction, grouped.category_id, grouped.description_id, grouped.kind
        from (
          select t.merchant_key, sign(t.amount_cents)::int as direction, t.category_id, t.description_id, c.kind,
            count(distinct t.client_user_id) as clients, max(t.categorized_at) as latest
          from transactions t join categories c on c.id = t.category_id
          where t.organization_id = ${scope.organizationId} and t.categorized_by = 'person'
            and t.merchant_key = any(${keysArray})
          group by 1, 2, 3, 4, 5
        ) grouped
        order by grouped.merchant_key, grouped.direction, grouped.clients desc, grouped.latest desc nulls last`)
          ).rows;
    const readTree = async () => treeByName ?? findDescriptionIdsByNames(db, scope.organizationId);
    // On the pool the three reads go at once (an import waits for the slowest, not their sum); a
    // transaction's one connection answers one query at a time, so there they go in turn.
    const [fromClient, fromOrganization, tree] =
      'rollback' in db
        ? [await readClientHistory(), await readOrganizationHistory(), await readTree()]
        : await Promise.all([readClientHistory(), readOrganizationHistory(), readTree()]);
    treeByName = tree;
    for (const row of fromClient) clientHistory.set(learnedKey(row.merchant_key, row.direction), row);
    for (const row of fromOrganization) organizationHistory.set(learnedKey(row.merchant_key, row.direction), row);
  }

  function suggest(line: LineToCategorize): CategorySuggestion | null {
    if (!treeByName) throw new Error('suggest before learn');
    const key = learnedKey(line.merchantKey, Math.sign(line.amountCents));
    const learned = clientHistory.get(key) ?? organizationHistory.get(key);
    if (learned && line.merchantKey) {
      return {
        categoryId: learned.category_id,
        descriptionId: learned.description_id,
        isAssetTransfer: isMovedBetweenOwnAssets(learned.kind),
        by: clientHistory.has(key) ? 'client_history' : 'organization_history',
      };
    }
    const guessKey = `${Math.sign(line.amountCents)}|${line.accountKind ?? ''}|${line.name}`;
    let guess = guesses.get(guessKey);
    if (guess === undefined) {
      guess = guessByKeywords(line.name, line.amountCents, line.accountKind);
      guesses.set(guessKey, guess);
    }
    const row = guess ? treeByName.get(`${guess.category}/${guess.description}`) : undefined;
    if (!row) return null;
    return {
      categoryId: row.categoryId,
      descriptionId: row.descriptionId,
      isAssetTransfer: isMovedBetweenOwnAssets(row.kind),
      by: 'rule',
    };
  }

  return { learn, suggest };
}
