import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { recordOf } from '@/lib/record-schema';

/** What a schema makes of a value: its data, or that it refused it. */
const outcome = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { data: parsed.data as unknown } : 'refused';
};

describe('recordOf', () => {
  const values = [z.string(), z.unknown(), z.array(z.enum(['apiKey', 'authToken']))];

  it('accepts and returns what z.record(z.string(), value) does, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        for (const value of values)
          expect(outcome(recordOf(value), json)).toEqual(outcome(z.record(z.string(), value), json));
      }),
      { numRuns: 500 },
    );
  });

  it('checks every value, and keeps no __proto__ key', () => {
    expect(outcome(recordOf(z.string()), { a: 'x', b: 'y' })).toEqual({ data: { a: 'x', b: 'y' } });
    expect(outcome(recordOf(z.string()), { a: 'x', b: 2 })).toBe('refused');
    expect(outcome(recordOf(z.string()), ['x'])).toBe('refused');
    expect(outcome(recordOf(z.string()), null)).toBe('refused');
    const parsed = recordOf(z.unknown()).parse(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed).toEqual({ a: 1 });
  });
});
