import { describe, expect, it } from 'vitest';
import { buildPresetPeriod, findPreset, listEndOptions, listStartOptions, moveStart } from './period-options';

const currentMonth = '2026-11-01';

describe('the period picker of Meu desempenho', () => {
  it('ends quick periods in the current month, leaving 12 to the API default', () => {
    expect(buildPresetPeriod('12', currentMonth)).toEqual({});
    expect(buildPresetPeriod('6', currentMonth)).toEqual({ start: '2026-06', end: '2026-11' });
    expect(buildPresetPeriod('36', currentMonth)).toEqual({ start: '2023-12', end: '2026-11' });
    expect(findPreset({}, currentMonth)).toBe('12');
    expect(findPreset({ start: '2025-12', end: '2026-11' }, currentMonth)).toBe('12');
    expect(findPreset({ start: '2024-12', end: '2026-11' }, currentMonth)).toBe('24');
    expect(findPreset({ start: '2026-01', end: '2026-06' }, currentMonth)).toBeNull();
  });

  it('offers ends no earlier than the start, no later than now and at most 36 months on', () => {
    expect(listStartOptions(currentMonth)[0]).toEqual({ value: '2026-11', label: '11/2026' });
    expect(listEndOptions('2026-09', currentMonth).map((option) => option.value)).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
    ]);
    const long = listEndOptions('2020-01', currentMonth);
    expect(long).toHaveLength(36);
    expect(long[0]?.value).toBe('2022-12');
  });

  it('keeps the end when the start moves, or takes the latest end allowed', () => {
    expect(moveStart('2026-03', '2026-08', currentMonth)).toEqual({ start: '2026-03', end: '2026-08' });
    expect(moveStart('2026-10', '2026-08', currentMonth)).toEqual({ start: '2026-10', end: '2026-11' });
    expect(moveStart('2020-01', '2026-11', currentMonth)).toEqual({ start: '2020-01', end: '2022-12' });
  });
});
