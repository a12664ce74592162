import type { Investment, InvestmentKind } from '@prumo/contract/investments';
import { validationMessages } from '@prumo/domain/account/messages';
import { formatCnpj, isValidCnpj } from '@prumo/domain/br/cnpj';
import { keepDigits } from '@prumo/domain/br/digits';
import { checkTypedAmount, formatTypedCents, readTypedAmount } from '../../../lib/typed-values';
import type { InvestmentBody } from '../api/save-investment';

/** The kinds as the client names them, in the order the screen lists them. */
export const investmentKindLabels: Record<InvestmentKind, string> = {
  'fixed-income': 'Renda fixa',
  'investment-funds': 'Fundos de investimento',
  stocks: 'Ações',
  coe: 'COE',
  'private-pension': 'Previdência privada',
  pension: 'Fundo de pensão',
};

export const orderedInvestmentKinds = Object.keys(investmentKindLabels) as InvestmentKind[];

/** The fields only some kinds take (ADR 22); name, balances and the institution's CNPJ are everyone's. */
export type InvestmentKindField = 'monthly_contribution' | 'salary' | 'cnpb' | 'susep_process' | 'funds';

export const investmentKindFields: Record<InvestmentKind, readonly InvestmentKindField[]> = {
  'private-pension': ['monthly_contribution', 'cnpb', 'susep_process'],
  pension: ['monthly_contribution', 'salary', 'cnpb', 'susep_process'],
  'investment-funds': ['funds'],
  'fixed-income': [],
  stocks: [],
  coe: [],
};

export function takesField(kind: InvestmentKind, field: InvestmentKindField): boolean {
  return investmentKindFields[kind].includes(field);
}

export interface InvestmentKindGroup {
  kind: InvestmentKind;
  label: string;
  /** Net balances added up, cents. */
  total: number;
  investments: Investment[];
}

/** The investments by kind, in the screen's order of kinds; kinds without any are left out. */
export function groupInvestmentsByKind(investments: readonly Investment[]): InvestmentKindGroup[] {
  return orderedInvestmentKinds.flatMap((kind) => {
    const ofKind = investments.filter((investment) => investment.kind === kind);
    if (ofKind.length === 0) return [];
    const total = ofKind.reduce((sum, investment) => sum + investment.balance, 0);
    return [{ kind, label: investmentKindLabels[kind], total, investments: ofKind }];
  });
}

export interface FundValues {
  name: string;
  cnpj: string;
}

/** The form's text of every field, whatever the kind: a change of kind keeps what was typed. */
export interface InvestmentFormValues {
  kind: InvestmentKind;
  name: string;
  balance: string;
  gross_balance: string;
  cnpj: string;
  monthly_contribution: string;
  salary: string;
  cnpb: string;
  susep_process: string;
  funds: FundValues[];
}

/** An investment's values as typed text (CNPJs masked as the inputs type them), or empty ones. */
export function buildInvestmentFormValues(investment: Investment | null, kind: InvestmentKind): InvestmentFormValues {
  return {
    kind: investment?.kind ?? kind,
    name: investment?.name ?? '',
    balance: formatTypedCents(investment?.balance ?? null),
    gross_balance: formatTypedCents(investment?.gross_balance ?? null),
    cnpj: formatCnpj(investment?.cnpj ?? ''),
    monthly_contribution: formatTypedCents(investment?.monthly_contribution ?? null),
    salary: formatTypedCents(investment?.salary ?? null),
    cnpb: investment?.cnpb ?? '',
    susep_process: investment?.susep_process ?? '',
    funds: investment?.funds.map((fund) => ({ name: fund.name, cnpj: formatCnpj(fund.cnpj) })) ?? [],
  };
}

function checkOptionalCnpj(text: string): string | null {
  return keepDigits(text) === '' || isValidCnpj(text) ? null : validationMessages.cnpjInvalid;
}

/**
 * What the form can tell before sending, by field path (`funds.1.cnpj` as the API writes it); the
 * fields the kind does not take are not checked, as they are not sent.
 */
export function validateInvestmentForm(values: InvestmentFormValues): Record<string, string> {
  const errors: Record<string, string | null> = {
    name: values.name.trim() ? null : validationMessages.required,
    balance: checkTypedAmount(values.balance, { required: true }),
    gross_balance: checkTypedAmount(values.gross_balance),
    cnpj: checkOptionalCnpj(values.cnpj),
  };
  if (takesField(values.kind, 'monthly_contribution')) {
    errors.monthly_contribution = checkTypedAmount(values.monthly_contribution);
  }
  if (takesField(values.kind, 'salary')) errors.salary = checkTypedAmount(values.salary);
  if (takesField(values.kind, 'funds')) {
    values.funds.forEach((fund, index) => {
      errors[`funds.${index}.name`] = fund.name.trim() ? null : validationMessages.required;
      errors[`funds.${index}.cnpj`] = isValidCnpj(fund.cnpj) ? null : validationMessages.cnpjInvalid;
    });
  }
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** Blank document text is none; else its digits. */
function readDigits(text: string): string | null {
  const digits = keepDigits(text);
  return digits === '' ? null : digits;
}

/**
 * The body of a valid form: the common fields, plus only the kind's own (the API refuses another
 * kind's field even as null). A blank optional field is sent as null, so an edit can clear it.
 */
export function buildInvestmentBody(values: InvestmentFormValues): InvestmentBody {
  const body: InvestmentBody = {
    name: values.name.trim(),
    balance: readTypedAmount(values.balance) ?? 0,
    gross_balance: readTypedAmount(values.gross_balance),
    cnpj: readDigits(values.cnpj),
  };
  const { kind } = values;
  if (takesField(kind, 'monthly_contribution'))
    body.monthly_contribution = readTypedAmount(values.monthly_contribution);
  if (takesField(kind, 'salary')) body.salary = readTypedAmount(values.salary);
  if (takesField(kind, 'cnpb')) body.cnpb = readDigits(values.cnpb);
  if (takesField(kind, 'susep_process')) body.susep_process = readDigits(values.susep_process);
  if (takesField(kind, 'funds')) {
    body.funds = values.funds.map((fund) => ({ name: fund.name.trim(), cnpj: keepDigits(fund.cnpj) }));
  }
  return body;
}

/** Every field path a server error may name for this form: those it shows under a field. */
export function listInvestmentErrorFields(values: InvestmentFormValues): string[] {
  const fundFields = values.funds.flatMap((_, index) => [`funds.${index}.name`, `funds.${index}.cnpj`]);
  return ['name', 'balance', 'gross_balance', 'cnpj', ...investmentKindFields[values.kind], ...fundFields];
}
