import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyUpdateMessage, requireSomeField } from './update-fields';

const ChangesSchema = requireSomeField(
  z.object({ name: z.string().optional(), note: z.string().nullable().optional(), similar: z.boolean().optional() }),
  ['similar'],
);

describe('requireSomeField', () => {
  it('refuses an update with no field, or with only fields that change nothing', () => {
    for (const body of [{}, { name: undefined }, { similar: true }]) {
      const result = ChangesSchema.safeParse(body);
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[[], emptyUpdateMessage]]);
    }
  });

  it('accepts one field, even a null that clears it', () => {
    expect(ChangesSchema.parse({ name: 'Ana' })).toEqual({ name: 'Ana' });
    expect(ChangesSchema.parse({ note: null, similar: true })).toEqual({ note: null, similar: true });
  });
});
