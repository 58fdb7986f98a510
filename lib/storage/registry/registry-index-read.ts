import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { built, shapeWithout } from '../../schema-parts';
import type { KeyScope } from '../workspace-keys';
import { registryIndexName, type RegistryIndex } from './registry-index';
import { registryEntrySchema, type RegistryEntry } from './registry-schema';

/** The stored shape of the registry's index (registry-index.ts), checked where a page reads it. */
export const registryIndexSchema = z.lazy(() =>
  z.object({
    version: z.literal(2),
    counts: z.object({ Customer: z.number(), Testing: z.number() }),
    first: z.array(z.object(shapeWithout(built(registryEntrySchema).shape, 'token', 'extra'))),
  }),
);

/** JSON with every object's keys sorted: two indexes alike whatever order their fields were written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );

export function sameRegistryIndex(a: RegistryIndex | undefined, b: RegistryIndex | undefined): boolean {
  return a !== undefined && b !== undefined && canonical(a) === canonical(b);
}

/**
 * The stored index, checked; undefined when there is none or it has another shape (an older version's
 * index: then the page shows no preview and the background rebuilds it).
 */
export function parseRegistryIndex(stored: unknown): RegistryIndex | undefined {
  const parsed = registryIndexSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

export async function readRegistryIndex(scope: KeyScope): Promise<RegistryIndex | undefined> {
  const name = registryIndexName(scope);
  return parseRegistryIndex((await browser.storage.local.get(name))[name]);
}

/**
 * The index's first `rows` groups as list entries, for the first screen: no token (a row's Show and Copy
 * then ask the background, as when the lock is on) and no extra fields, until every part is read.
 */
export function previewRowsOf(index: RegistryIndex, rows: number): RegistryEntry[] {
  return index.first.slice(0, rows).map((group) => ({ ...group, token: '', extra: {} }));
}
