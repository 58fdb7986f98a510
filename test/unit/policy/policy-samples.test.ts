// The sample policy files of docs/policy/ and Chrome's schema (public/managed-schema.json) must never
// rot: each sample gives valid values (no problem at all) that fit the schema, all four say the same,
// and the schema declares exactly the keys the parser reads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/policy/parse-policy';
import { POLICY_KEYS, WORKSPACE_KEYS } from '@/lib/policy/policy-schema';
import { ROOT } from '../helpers/manifest-entries';
import { readPlist, readReg, schemaMisfit, type JsonSchema } from './sample-readers';

const GECKO_ID = 'review-companion@reviewcompanion.dev';
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const schema = JSON.parse(read('public/managed-schema.json')) as JsonSchema & Record<string, unknown>;
const onlyValue = (object: Record<string, unknown>) => {
  expect(Object.keys(object)).toHaveLength(1);
  return Object.values(object)[0];
};

type Json = Record<string, Record<string, Record<string, unknown>>>;
const samples: [string, () => unknown][] = [
  [
    'Chrome/Chromium on Linux (review-companion.json)',
    () => onlyValue((JSON.parse(read('docs/policy/review-companion.json')) as Json)['3rdparty']?.extensions ?? {}),
  ],
  [
    'Chrome on macOS (plist)',
    () => readPlist(read('docs/policy/com.google.Chrome.extensions.REPLACE_WITH_EXTENSION_ID.plist')),
  ],
  [
    'Chrome on Windows (.reg)',
    () => {
      const { key, values } = readReg(
        read('docs/policy/review-companion.reg'),
        /\\3rdparty\\extensions\\[^\\]+\\policy$/,
        schema,
      );
      expect(key).toBe(
        'HKEY_LOCAL_MACHINE\\Software\\Policies\\Google\\Chrome\\3rdparty\\extensions\\REPLACE_WITH_EXTENSION_ID\\policy',
      );
      return values;
    },
  ],
  [
    'Firefox (policies.json)',
    () => {
      const extensions =
        (JSON.parse(read('docs/policy/policies.json')) as { policies: Json }).policies['3rdparty']?.Extensions ?? {};
      expect(Object.keys(extensions)).toEqual([GECKO_ID]);
      return extensions[GECKO_ID];
    },
  ],
];

describe.each(samples)('sample: %s', (_label, values) => {
  it('is a valid policy: workspaces, the lock, and no problem', () => {
    const result = parsePolicy(values());
    expect(result.problems).toEqual([]);
    expect(result.locked).toBe(true);
    expect(result.workspaces.map((workspace) => workspace.name)).toEqual(['Acme reviews', 'Acme administration']);
  });

  it('fits the schema Chrome checks values against', () => {
    expect(schemaMisfit(values(), schema)).toBe('');
  });

  it('says the same as the Linux sample', () => {
    expect(parsePolicy(values())).toEqual(parsePolicy(samples[0]?.[1]()));
  });
});

describe('the Firefox sample names the extension', () => {
  it('by the gecko id of wxt.config.ts', () => {
    expect(read('wxt.config.ts')).toContain(`'${GECKO_ID}'`);
  });
});

describe("Chrome's managed_schema", () => {
  const nodes = (node: JsonSchema): JsonSchema[] => [
    node,
    ...Object.values(node.properties ?? {}).flatMap(nodes),
    ...(node.items ? nodes(node.items) : []),
  ];

  it('declares exactly the keys the parser reads', () => {
    expect(Object.keys(schema.properties ?? {})).toEqual([...POLICY_KEYS]);
    expect(Object.keys(schema.properties?.workspaces?.items?.properties ?? {})).toEqual([...WORKSPACE_KEYS]);
  });

  it("follows Chrome's rules (an invalid schema stops the extension from loading)", () => {
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('additionalProperties');
    expect(schema).not.toHaveProperty('patternProperties');
    for (const node of nodes(schema)) {
      expect(['object', 'array', 'string', 'boolean', 'integer', 'number']).toContain(node.type);
      expect(node).not.toHaveProperty('$ref');
    }
  });

  it('marks every secret sensitive, so chrome://policy masks it', () => {
    const fields = schema.properties?.workspaces?.items?.properties ?? {};
    for (const secret of ['apiKey', 'authToken', 'apiToken'])
      expect(fields[secret]).toHaveProperty('sensitiveValue', true);
  });
});
