import { describe, expect, it } from 'vitest';
import { findTodayInBrazil } from './date';

describe('findTodayInBrazil', () => {
  it('turns the day at midnight in Brasília, not in UTC', () => {
    expect(findTodayInBrazil(new Date('2026-11-15T02:59:59Z'))).toBe('2026-11-14');
    expect(findTodayInBrazil(new Date('2026-11-15T03:00:00Z'))).toBe('2026-11-15');
    expect(findTodayInBrazil(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
  });
});
