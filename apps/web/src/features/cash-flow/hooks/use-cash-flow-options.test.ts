import { describe, expect, it } from 'vitest';
import { buildDefaultOptions, countActiveFilters, hasActiveFilters } from './use-cash-flow-options';

describe('the active filters of Meu caixa', () => {
  const today = new Date(2026, 10, 24);

  it('counts none for the default options, whatever the period', () => {
    const options = buildDefaultOptions(today);
    expect(countActiveFilters(options)).toBe(0);
    expect(countActiveFilters({ ...options, periodMode: 'range', rangeStart: '2016-08-01' })).toBe(0);
    expect(hasActiveFilters(options)).toBe(false);
  });

  it('counts each filter set once, however many values it holds', () => {
    const options = {
      ...buildDefaultOptions(today),
      origins: [1, 2],
      categories: [3],
      flow: 'expense' as const,
      uncategorized: true,
      search: '  ',
      showIgnored: true,
    };
    // A blank search filters nothing.
    expect(countActiveFilters(options)).toBe(5);
    expect(countActiveFilters({ ...options, search: 'aluguel' })).toBe(6);
    expect(hasActiveFilters(options)).toBe(true);
  });
});
