import type { Bank } from '@prumo/contract/categories';
import { type BankGuideInput, maximumGuideSteps } from '@prumo/domain/banks/statement-guides';

/** One step as the dialog shows it: its text and its image's address ('' for none). */
export interface GuideStep {
  text: string;
  image: string;
}

/** A bank's guide as the 'Alerta de integração' dialog shows it. */
export interface StatementGuide {
  bankName: string;
  steps: GuideStep[];
}

/** The API sends texts and images as two lists side by side; here each step carries its own image. */
export function readStatementGuide(bank: Pick<Bank, 'name' | 'steps' | 'assets'>): StatementGuide {
  return { bankName: bank.name, steps: bank.steps.map((text, index) => ({ text, image: bank.assets[index] ?? '' })) };
}

/** The step after (+1) or before (-1) `active`, never past the first or the last one. */
export function moveStep(active: number, stepCount: number, direction: 1 | -1): number {
  const last = Math.max(stepCount - 1, 0);
  return Math.min(Math.max(active + direction, 0), last);
}

/** On the last step the dialog offers 'Finalizar' instead of 'Próximo'. */
export function isLastStep(active: number, stepCount: number): boolean {
  return active >= stepCount - 1;
}

/** A step in the manager's form: the key keeps React's list steady while steps come and go. */
export interface EditedGuideStep extends GuideStep {
  key: string;
}

let stepSequence = 0;

// A counter, not crypto.randomUUID: that one is missing when Prumo is served over plain HTTP.
export function createStepKey(): string {
  stepSequence += 1;
  return `passo-${stepSequence}`;
}

export function toEditedSteps(guide: StatementGuide, createKey: () => string = createStepKey): EditedGuideStep[] {
  return guide.steps.map((step) => ({ ...step, key: createKey() }));
}

export function canAddStep(stepCount: number): boolean {
  return stepCount < maximumGuideSteps;
}

/** The PUT body: texts trimmed as the API stores them, the form's keys left out. */
export function buildGuideBody(steps: readonly GuideStep[]): BankGuideInput {
  return { steps: steps.map(({ text, image }) => ({ text: text.trim(), image })) };
}

/**
 * The form fields the API's errors can name (`steps`, `steps.0.text`, `steps.0.image`…): each one
 * shows under its field; any other becomes a snackbar.
 */
export function listGuideErrorFields(stepCount: number): string[] {
  const fields = ['steps'];
  for (let index = 0; index < stepCount; index += 1) fields.push(`steps.${index}.text`, `steps.${index}.image`);
  return fields;
}
