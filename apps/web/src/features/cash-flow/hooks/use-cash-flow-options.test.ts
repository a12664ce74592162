import { describe, expect, it } from 'vitest';
import {
  addRecentDays,
  buildDefaultOptions,
  countActiveFilters,
  hasActiveFilters,
  readOptionsFromSearch,
} from './use-cash-flow-options';

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

describe('the last days after a bank sync', () => {
  it('opens on the 30 days up to today across the month turn, keeping the client and dropping an old period', () => {
    const href = addRecentDays('/app/demo/meu-caixa?clientId=7&month=2026-05', 30, new Date(2026, 11, 2));
    const [, query = ''] = href.split('?');
    const parameters = new URLSearchParams(query);
    expect(parameters.get('clientId')).toBe('7');
    expect(parameters.has('month')).toBe(false);
    const options = readOptionsFromSearch(parameters, new Date(2026, 11, 2));
    expect([options.periodMode, options.rangeStart, options.rangeEnd]).toEqual(['range', '2026-11-03', '2026-12-02']);
  });
});
