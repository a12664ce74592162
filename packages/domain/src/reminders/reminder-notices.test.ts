import { describe, expect, it } from 'vitest';
import { describeDueDay, findLastDayToRemind, findOccurrencesToRemind } from './reminder-notices';

describe('which occurrences a reminder is sent for', () => {
  const occurrences = [
    { date: '2026-11-13', paid: false, lineId: null },
    { date: '2026-11-14', paid: false, lineId: null },
    { date: '2026-11-15', paid: true, lineId: 4 },
    { date: '2026-11-17', paid: false, lineId: null },
    { date: '2026-11-18', paid: false, lineId: null },
  ];

  it('takes the unpaid ones due from today to three days ahead', () => {
    expect(findOccurrencesToRemind(occurrences, '2026-11-14')).toEqual(['2026-11-14', '2026-11-17']);
    expect(findOccurrencesToRemind(occurrences, '2026-11-15')).toEqual(['2026-11-17', '2026-11-18']);
    expect(findLastDayToRemind('2026-12-30')).toBe('2027-01-02');
  });

  it('says when the bill is due in Portuguese', () => {
    expect(describeDueDay('2026-11-14', '2026-11-14')).toBe('hoje');
    expect(describeDueDay('2026-11-15', '2026-11-14')).toBe('amanhã');
    expect(describeDueDay('2026-11-17', '2026-11-14')).toBe('em 3 dias (17/11/2026)');
  });
});
