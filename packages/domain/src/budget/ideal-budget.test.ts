import { describe, expect, it } from 'vitest';
import { hasSomethingToCopy } from './ideal-budget';

describe('the ideal budget as a source of a copy', () => {
  it('is offered only when it plans some money', () => {
    expect(hasSomethingToCopy(null)).toBe(false);
    expect(hasSomethingToCopy(undefined)).toBe(false);
    expect(hasSomethingToCopy({ income: 0, expense: 0, assetTransfer: 0 })).toBe(false);
    expect(hasSomethingToCopy({ income: 0, expense: 180_000, assetTransfer: 0 })).toBe(true);
    expect(hasSomethingToCopy({ income: 0, expense: 0, assetTransfer: 1 })).toBe(true);
  });
});
