import { z } from 'zod';
import { validationMessages } from '../account/messages';
import { maximumLineCents } from './cents';

export const centsMessages = {
  notWhole: 'Valor inválido: envie centavos inteiros',
  tooLarge: 'Valor acima do limite.',
};

/**
 * An amount a person types for what they have or owe, in integer cents within any money line's
 * bound: above zero, or zero too where zero is a value (an emptied balance or investment).
 */
export function buildCentsSchema(options: { allowZero: boolean }) {
  const whole = z
    .number({
      error: (issue) => (issue.input === undefined ? validationMessages.required : validationMessages.valueInvalid),
    })
    .int(centsMessages.notWhole);
  const signed = options.allowZero
    ? whole.min(0, validationMessages.valueInvalid)
    : whole.positive(validationMessages.valueInvalid);
  return signed.max(maximumLineCents, centsMessages.tooLarge);
}
