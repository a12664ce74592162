import { z } from 'zod';
import { describeLengthLimit, validationMessages } from './messages';

const numberInvalid = 'Informe um número válido.';

/** 1, 2 or 3 options as "a", "a ou b", "a, b ou c". */
function joinOptions(values: readonly unknown[]): string {
  const texts = values.map(String);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} ou ${texts.at(-1)}` : (texts[0] ?? '');
}

/**
 * The messages of rules that carry none of their own, in plain Brazilian Portuguese. zod's locales
 * speak of "entrada", "vetor" and a received "NaN" (and `pt` is European); a person needs what to type.
 * Rules with a message of their own keep it: those outrank this map.
 */
export function describeGenericIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) {
        return (issue.path ?? []).length === 0 ? 'Corpo da requisição vazio.' : validationMessages.required;
      }
      if (issue.expected === 'number' || issue.expected === 'bigint') return numberInvalid;
      if (issue.expected === 'int') return 'Informe um número inteiro.';
      if (issue.expected === 'string') return 'Informe um texto.';
      if (issue.expected === 'boolean') return 'Informe verdadeiro ou falso.';
      if (issue.expected === 'array') return 'Informe uma lista.';
      if (issue.expected === 'date') return validationMessages.dateInvalid;
      return validationMessages.valueInvalid;
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Valor mínimo: ${minimum}` : `Informe um valor maior que ${minimum}`;
      }
      if (issue.origin === 'string') return minimum <= 1 ? validationMessages.required : `Mínimo ${minimum} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return minimum <= 1 ? 'Informe ao menos um item.' : `Informe ao menos ${minimum} itens.`;
      }
      return validationMessages.valueInvalid;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive ? `Valor máximo: ${maximum}` : `Informe um valor menor que ${maximum}`;
      }
      if (issue.origin === 'string') return describeLengthLimit(maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return `Informe no máximo ${maximum} itens.`;
      return validationMessages.valueInvalid;
    }
    case 'invalid_value':
      return `Opção inválida: use ${joinOptions(issue.values)}.`;
    case 'not_multiple_of':
      return `Informe um múltiplo de ${Number(issue.divisor)}.`;
    case 'invalid_format':
    case 'invalid_union':
    case 'invalid_element':
    case 'invalid_key':
      return validationMessages.valueInvalid;
    default:
      return undefined;
  }
}

/** zod's own messages (for rules without a message of their own) in Brazilian Portuguese; imported once per app. */
export function useBrazilianPortugueseMessages(): void {
  // The map first; what it leaves (unknown keys, say) falls to zod's pt-BR locale.
  z.config({ ...z.locales.ptBR(), customError: describeGenericIssue });
}
