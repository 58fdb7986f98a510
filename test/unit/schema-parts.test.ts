import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  extendedObject,
  httpUrl,
  recordOf,
  safeInt,
  shapeWithout,
  stringMatching,
  withDefault,
} from '@/lib/schema-parts';

/** What a schema makes of a value: its data, or that it refused it. */
const outcome = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { data: parsed.data } : 'refused';
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

describe('safeInt', () => {
  it('accepts and returns what z.int() does, for any value, also with a further check', () => {
    const edges = [0, -0, 1, -1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -Number.MAX_SAFE_INTEGER];
    const more = [Number.MIN_SAFE_INTEGER - 1, NaN, Infinity, -Infinity, '1', null, undefined, 2 ** 60];
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(...edges, ...more), fc.jsonValue()), (value) => {
        expect(outcome(safeInt(), value)).toEqual(outcome(z.int(), value));
        expect(outcome(safeInt().check(z.positive()), value)).toEqual(outcome(z.int().check(z.positive()), value));
      }),
      { numRuns: 2000 },
    );
  });

  it('with bounds, accepts and returns what z.int() with z.gte and z.lte (or z.positive, z.nonnegative) does', () => {
    const edges = [0, -0, 1, -1, 1.5, 599_999, 600_000, 10_000_000, 10_000_001, Number.MAX_SAFE_INTEGER + 1];
    const values = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(...edges, NaN, Infinity, '1', null),
      fc.jsonValue(),
    );
    const bounds = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }));
    fc.assert(
      fc.property(values, bounds, (value, [min, max]) => {
        expect(outcome(safeInt(min, max), value)).toEqual(outcome(z.int().check(z.gte(min), z.lte(max)), value));
        expect(outcome(safeInt(min), value)).toEqual(outcome(z.int().check(z.gte(min)), value));
        expect(outcome(safeInt(600_000, 10_000_000), value)).toEqual(
          outcome(z.int().check(z.gte(600_000), z.lte(10_000_000)), value),
        );
        expect(outcome(safeInt(1), value)).toEqual(outcome(z.int().check(z.positive()), value));
        expect(outcome(safeInt(0), value)).toEqual(outcome(z.int().check(z.nonnegative()), value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('httpUrl', () => {
  const zodUrl = () => z.url({ protocol: /^https?$/ });
  const pieces = [
    'http',
    'https',
    'HTTP',
    'ftp',
    'javascript',
    ':',
    '//',
    '/',
    ' ',
    '\t',
    '\n',
    '\r',
    'a',
    'é',
    '.',
    '@',
    '?',
    '#',
    '[::1]',
    '%',
    '0',
    '\\',
  ];
  const oddText = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
  const paddedUrl = fc
    .tuple(
      fc.constantFrom('', ' ', '\t', '\n '),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom('', ' ', '\r\n'),
    )
    .map(([before, url, after]) => before + url + after);

  it('accepts and returns what z.url({ protocol: /^https?$/ }) does, for addresses and odd texts', () => {
    fc.assert(
      fc.property(fc.oneof(paddedUrl, oddText, fc.string(), fc.webUrl()), (value) => {
        expect(outcome(httpUrl(), value)).toEqual(outcome(zodUrl(), value));
        expect(outcome(httpUrl().check(z.maxLength(30)), value)).toEqual(
          outcome(zodUrl().check(z.maxLength(30)), value),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the same cases as z.url', () => {
    for (const value of [
      'https://example.com',
      ' https://example.com/a b ',
      'https://exa\tmple.com/\n',
      'HTTPS://EXAMPLE.COM',
      'http:example.com',
      'https:/example.com',
      'ftp://example.com',
      'https://',
      'https://[::1]:8080/x',
      'javascript:alert(1)',
      '',
      42,
    ])
      expect(outcome(httpUrl(), value), String(value)).toEqual(outcome(zodUrl(), value));
  });
});

describe('shapeWithout', () => {
  it('makes the schema z.omit makes of a plain object schema', () => {
    const job = z.object({
      id: z.string(),
      total: safeInt(),
      operation: z.enum(['create', 'rotate']),
      note: z.optional(z.string()),
    });
    const omitted = z.object(shapeWithout(job.shape, 'operation', 'note'));
    expect(Object.keys(omitted.shape)).toEqual(['id', 'total']);
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.record({ id: fc.string(), total: fc.integer(), operation: fc.string() }),
        (any, like) => {
          for (const value of [any, like])
            expect(outcome(omitted, value)).toEqual(outcome(z.omit(job, { operation: true, note: true }), value));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('extendedObject', () => {
  it('makes the schema z.extend makes of a plain object schema, a key in both taking the new schema', () => {
    const row = z.object({
      name: z.string().check(z.minLength(1)),
      environment: z.enum(['Customer', 'Testing']),
      token: z.optional(z.string()),
    });
    const added = { attempts: safeInt(0), note: z.optional(z.string()) };
    // `token` in both: the new schema (a number) replaces the base's.
    const replacing = { token: z.number(), attempts: safeInt() };
    const extended = extendedObject(row, added);
    expect(Object.keys(extended.shape)).toEqual(['name', 'environment', 'token', 'attempts', 'note']);
    expect(Object.keys(extendedObject(row, replacing).shape)).toEqual(['name', 'environment', 'token', 'attempts']);
    const like = fc.record(
      {
        name: fc.string({ maxLength: 2 }),
        environment: fc.constantFrom('Customer', 'Testing', 'Other'),
        token: fc.oneof(fc.string(), fc.integer()),
        attempts: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constant(1.5)),
        note: fc.oneof(fc.string(), fc.constant(null)),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), like), (value) => {
        expect(outcome(extended, value)).toEqual(outcome(z.extend(row, added), value));
        expect(outcome(extendedObject(row, replacing), value)).toEqual(outcome(z.extend(row, replacing), value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('withDefault', () => {
  const operation = z.enum(['create', 'rotate', 'delete']);
  const nullableName = z.nullable(z.string());

  it('accepts and returns what z._default does, alone and as an object key, for any value', () => {
    const withKey = (schema: z.ZodMiniType) => z.object({ id: z.string(), operation: schema });
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.constantFrom(undefined, 'create', 'rotate', 'Create', null)),
        fc.constantFrom('create' as const, 'delete' as const),
        (value, fallback) => {
          expect(outcome(withDefault(operation, fallback), value)).toEqual(
            outcome(z._default(operation, fallback), value),
          );
          expect(outcome(withDefault(nullableName, 'none'), value)).toEqual(
            outcome(z._default(nullableName, 'none'), value),
          );
          for (const record of [{ id: 'a' }, { id: 'a', operation: value }, { operation: value }])
            expect(outcome(withKey(withDefault(operation, fallback)), record)).toEqual(
              outcome(withKey(z._default(operation, fallback)), record),
            );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('fills in only what is missing', () => {
    expect(withDefault(operation, 'create').parse(undefined)).toBe('create');
    expect(withDefault(operation, 'create').parse('delete')).toBe('delete');
    expect(withDefault(nullableName, 'none').parse(null)).toBeNull();
    expect(outcome(withDefault(operation, 'create'), 'Create')).toBe('refused');
  });
});

describe('stringMatching', () => {
  // The patterns the extension checks with it, and one with alternatives and a class.
  const patterns = [
    /^[A-Za-z0-9_]+$/,
    /^[a-z0-9-]{1,36}$/,
    /^[0-9a-f]{64}$/,
    /^[0-9a-f]{32}$/,
    /^[0-9a-f]{8}$/,
    /^-?\d{1,15}$/,
    /a|b[c-e]/,
  ];
  const near = fc.stringMatching(/^-?[0-9a-fA-F_z-]{0,70}$/);
  // Texts each pattern matches, and the same with one character more, so that both answers are drawn often.
  const matching = patterns.map((pattern) => fc.stringMatching(pattern));
  const nearlyMatching = matching.map((texts) => fc.tuple(texts, fc.string({ maxLength: 1 })).map(([a, b]) => a + b));
  const values = fc.oneof(fc.string(), near, ...matching, ...nearlyMatching, fc.jsonValue());

  it('accepts and returns what z.string().check(z.regex(pattern)) does, for any value', () => {
    fc.assert(
      fc.property(values, (value) => {
        for (const pattern of patterns)
          expect(outcome(stringMatching(pattern), value), String(pattern)).toEqual(
            outcome(z.string().check(z.regex(pattern)), value),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('names its issue as z.regex does when given a name', () => {
    const parsed = stringMatching(/^\d+$/, 'fileFieldNotWholeNumber').safeParse('1.5');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('fileFieldNotWholeNumber');
    expect(stringMatching(/^\d+$/).parse('15')).toBe('15');
  });
});
