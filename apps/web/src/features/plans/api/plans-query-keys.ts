import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/**
 * The Financeiro screen's queries: a plan's change moves the plans list (and the Planos cards, the
 * prospects' and the team's plan choices); bank accounts and partners change on their own (a new
 * default account moves the others).
 */
export const plansQueryKey = sharedQueryKeys.plans;
export const bankAccountsQueryKey = ['bank-accounts'] as const;
export const managingPartnersQueryKey = ['managing-partners'] as const;
export const banksQueryKey = ['banks'] as const;
