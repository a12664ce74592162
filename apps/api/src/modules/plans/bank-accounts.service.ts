import type { BankAccount } from '@prumo/contract/plans';
import { findBankByCode } from '@prumo/domain/banks/brazilian-banks';
import type { BankAccountFields } from '@prumo/domain/payments/bank-account-schemas';
import { bankAccounts } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import { isUniqueViolation } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import {
  type BankAccountColumns,
  type BankAccountRow,
  clearOtherDefaults,
  findBankAccountForChange,
  findBankAccounts,
  findDefaultBankAccountRow,
  findLatestBankDataChange,
  insertBankAccount,
  updateBankAccount,
} from './bank-accounts.repo';
import { countRowsHoldingOrganization } from './organization-rows.repo';

/** An organization is paid into one account; a few more are kept to switch to. */
export const maximumBankAccountsPerOrganization = 10;

export const bankAccountServiceMessages = {
  notFound: 'Conta bancária não encontrada.',
  tooMany: `Limite de ${maximumBankAccountsPerOrganization} contas bancárias atingido: edite uma das contas.`,
  duplicate: 'Esta conta já está cadastrada.',
  defaultStays: 'A conta padrão deixa de ser padrão quando outra conta é marcada como padrão.',
};

export function presentBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    holder_name: row.holderName,
    holder_type: row.holderType,
    holder_document: row.holderDocument,
    bank: row.bank,
    bank_name: findBankByCode(row.bank)?.name ?? row.bank,
    branch_number: row.branchNumber,
    branch_check_digit: row.branchCheckDigit,
    account_number: row.accountNumber,
    account_check_digit: row.accountCheckDigit,
    type: row.type,
    is_default: row.isDefault,
  };
}

function readBankAccountColumns(account: BankAccountFields): BankAccountColumns {
  return {
    holderName: account.holder_name,
    holderType: account.holder_type,
    holderDocument: account.holder_document,
    bank: account.bank,
    branchNumber: account.branch_number,
    branchCheckDigit: account.branch_check_digit,
    accountNumber: account.account_number,
    accountCheckDigit: account.account_check_digit,
    type: account.type,
  };
}

/** The same account (bank, branch, number and digit) twice in one organization is a typing slip. */
async function refuseDuplicateAccount<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) failOnField('account_number', bankAccountServiceMessages.duplicate);
    throw error;
  }
}

export async function listBankAccounts(deps: AppDependencies, caller: Caller): Promise<BankAccount[]> {
  return (await findBankAccounts(deps.db, caller.organizationId)).map(presentBankAccount);
}

/** When the bank data the gateway's recipient is made of last changed (null before any). */
export async function findBankDataChangedAt(deps: AppDependencies, organizationId: number): Promise<Date | null> {
  return findLatestBankDataChange(deps.db, organizationId);
}

/** The account the gateway pays the organization into (its recipient's `default_bank_account`), if any. */
export async function findDefaultBankAccount(
  deps: AppDependencies,
  organizationId: number,
): Promise<BankAccount | null> {
  const row = await findDefaultBankAccountRow(deps.db, organizationId);
  return row ? presentBankAccount(row) : null;
}

/** The organization's first account is its default; a later one becomes it when it says `is_default`. */
export async function createBankAccount(
  deps: AppDependencies,
  caller: Caller,
  account: BankAccountFields,
): Promise<BankAccount> {
  const created = await refuseDuplicateAccount(() =>
    deps.db.transaction(async (transaction) => {
      const existing = await countRowsHoldingOrganization(transaction, bankAccounts, caller.organizationId);
      if (existing >= maximumBankAccountsPerOrganization) failInvalid(bankAccountServiceMessages.tooMany);
      const isDefault = existing === 0 || account.is_default === true;
      if (isDefault) await clearOtherDefaults(transaction, caller.organizationId, null);
      return insertBankAccount(transaction, caller.organizationId, readBankAccountColumns(account), isDefault);
    }),
  );
  return presentBankAccount(created);
}

/**
 * Replaces an account's fields. `is_default: true` makes it the default (the former default stops
 * being it); the default cannot be unmarked by itself, so the organization always keeps one.
 */
export async function changeBankAccount(
  deps: AppDependencies,
  caller: Caller,
  accountId: number,
  account: BankAccountFields,
): Promise<BankAccount> {
  const updated = await refuseDuplicateAccount(() =>
    deps.db.transaction(async (transaction) => {
      const stored = await findBankAccountForChange(transaction, caller.organizationId, accountId);
      if (!stored) failNotFound(bankAccountServiceMessages.notFound);
      if (stored.isDefault && account.is_default === false) {
        failOnField('is_default', bankAccountServiceMessages.defaultStays);
      }
      const isDefault = stored.isDefault || account.is_default === true;
      if (isDefault && !stored.isDefault) await clearOtherDefaults(transaction, caller.organizationId, accountId);
      return updateBankAccount(
        transaction,
        caller.organizationId,
        accountId,
        readBankAccountColumns(account),
        isDefault,
      );
    }),
  );
  return presentBankAccount(updated);
}
