import { describe, expect, it } from 'vitest';
import { buildMoneyTicks } from './money-ticks';

describe('money ticks', () => {
  it('spans zero and a flat negative balance with round steps', () => {
    expect(buildMoneyTicks([-999_999, -999_999])).toEqual([-1_000_000, -750_000, -500_000, -250_000, 0]);
  });

  it('spans negative to positive values, each tick a multiple of the step', () => {
    expect(buildMoneyTicks([-3_570_000, 46_370_000])).toEqual([-20_000_000, 0, 20_000_000, 40_000_000, 60_000_000]);
  });

  it('gives an axis even to nothing at all: zero and one real', () => {
    expect(buildMoneyTicks([0, 0])).toEqual([0, 100]);
    expect(buildMoneyTicks([])).toEqual([0, 100]);
  });
});
