/**
 * The Financeiro screen's queries: a plan's change moves the plans list (and the Planos cards);
 * bank accounts and partners change on their own (a new default account moves the others).
 */
export const plansQueryKey = ['payment-plans'] as const;
export const bankAccountsQueryKey = ['bank-accounts'] as const;
export const managingPartnersQueryKey = ['managing-partners'] as const;
export const banksQueryKey = ['banks'] as const;
