import { describe, expect, it } from 'vitest';
import { buildPresetPeriod, findPreset } from './period-presets';

describe('the indicators period presets', () => {
  it('builds this year, the last 12 months up to today and last year', () => {
    expect(buildPresetPeriod('year', '2026-11-20')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(buildPresetPeriod('last-12-months', '2026-11-20')).toEqual({ start: '2025-12-01', end: '2026-11-20' });
    expect(buildPresetPeriod('last-year', '2026-11-20')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  it('recognises a preset, and a period typed by hand as none', () => {
    expect(findPreset({ start: '2025-01-01', end: '2025-12-31' }, '2026-11-20')).toBe('last-year');
    expect(findPreset({ start: '2026-02-01', end: '2026-03-01' }, '2026-11-20')).toBeNull();
  });
});
