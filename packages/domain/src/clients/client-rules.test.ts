import { describe, expect, it } from 'vitest';
import { computeBudgetUsePercent, isOverBudget } from './client-attention';
import { ClientStatusSchema, isClientActive } from './client-status';

describe('a month over its plan', () => {
  it('is over only when a plan with some expense is in effect and the spending passed it', () => {
    expect(isOverBudget(152_500, 100_000)).toBe(true);
    expect(isOverBudget(100_000, 100_000)).toBe(false);
    expect(isOverBudget(5_000, null)).toBe(false);
    expect(isOverBudget(5_000, 0)).toBe(false);
  });

  it('says the spending as a whole percent of the plan', () => {
    expect(computeBudgetUsePercent(152_500, 100_000)).toBe(153);
    expect(computeBudgetUsePercent(0, 100_000)).toBe(0);
    expect(computeBudgetUsePercent(10, null)).toBeNull();
    expect(computeBudgetUsePercent(10, 0)).toBeNull();
  });
});

describe("a client's status", () => {
  it('takes the three words and says which are active', () => {
    expect(ClientStatusSchema.parse('em_pausa')).toBe('em_pausa');
    expect(isClientActive('ativo')).toBe(true);
    expect(isClientActive('em_pausa')).toBe(false);
    expect(isClientActive('encerrado')).toBe(false);
  });

  it('refuses another word, and none, in pt-BR', () => {
    expect(ClientStatusSchema.safeParse('Ativo').error?.issues[0]?.message).toBe(
      'Situação inválida: use ativo, em_pausa ou encerrado.',
    );
    expect(ClientStatusSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Informe a situação do cliente.');
  });
});
