import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/storage/registry/registry-buckets';
import type { Registry, RegistryEntry, StoredEntry } from '@/lib/storage/registry/registry-schema';
import type { KeyScope } from '@/lib/storage/workspace-keys';
import { TEST_SCOPE } from './test-workspace';

/** The storage.local key of a registry part, as the extension names it (lib/storage/registry/registry-parts.ts). */
export const registryPartKey = (index: number, scope: KeyScope = TEST_SCOPE) =>
  `${scope}userGroups.${String(index).padStart(3, '0')}`;

/** The storage.local key of a registry part's tokens (format v3, lib/storage/credentials/part-tokens.ts). */
export const registryTokensKey = (index: number, scope: KeyScope = TEST_SCOPE) =>
  `${scope}userGroupTokens.${String(index).padStart(3, '0')}`;

/** The mark of format v3. */
export const registryFormatKey = (scope: KeyScope = TEST_SCOPE) => `${scope}userGroupsFormat`;

export const isRegistryPartKey = (key: string, scope: KeyScope = TEST_SCOPE) =>
  key.startsWith(scope) && /^userGroups\.\d{3}$/.test(key.slice(scope.length));

export const isRegistryTokensKey = (key: string, scope: KeyScope = TEST_SCOPE) =>
  key.startsWith(scope) && /^userGroupTokens\.\d{3}$/.test(key.slice(scope.length));

/**
 * A part's token key as stored: `tokens` the JSON text of { environment:id → token } and `extra` that of
 * { environment:id → extra fields } (groups that have some), or `sealed`.
 */
type StoredTokens = { tokens?: string; extra?: string; sealed?: unknown } | undefined;

/** The tokens a part's token key holds in clear ({} where sealed or absent). */
export const clearTokensOf = (value: unknown): Record<string, string> => {
  const text = (value as StoredTokens)?.tokens;
  return text === undefined ? {} : (JSON.parse(text) as Record<string, string>);
};

/** The extra fields a part's token key holds in clear ({} where sealed, absent or none). */
export const clearExtraOf = (value: unknown): Record<string, Record<string, unknown>> => {
  const text = (value as StoredTokens)?.extra;
  return text === undefined ? {} : (JSON.parse(text) as Record<string, Record<string, unknown>>);
};

/**
 * The registry as stored in the fake browser: every part's groups, in part order, each with its token
 * from the part's token key where it is in clear ('' where sealed or absent; a v2 part's own token stays).
 */
export async function storedRegistry(scope: KeyScope = TEST_SCOPE): Promise<Registry> {
  const all = await fakeBrowser.storage.local.get(null);
  const groups = Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => {
    const part = (all[registryPartKey(index, scope)] as { groups?: StoredEntry[] } | undefined)?.groups ?? [];
    const tokens = clearTokensOf(all[registryTokensKey(index, scope)]);
    const extra = clearExtraOf(all[registryTokensKey(index, scope)]);
    return part.map((group): RegistryEntry => ({
      ...group,
      token: tokens[`${group.environment}:${group.provided_id}`] ?? group.token ?? '',
      extra: extra[`${group.environment}:${group.provided_id}`] ?? group.extra,
    }));
  });
  return { groups: groups.flat() };
}

/**
 * Writes groups as another context would, in format v3: straight into their parts, their tokens and
 * extra fields beside.
 */
export async function seedRegistry(groups: readonly RegistryEntry[], scope: KeyScope = TEST_SCOPE): Promise<void> {
  const values: Record<string, unknown> = { [registryFormatKey(scope)]: 3 };
  const secrets: Record<string, { tokens: Record<string, string>; extra: Record<string, Record<string, unknown>> }> =
    {};
  for (const group of groups) {
    const { token, extra, ...rest } = group;
    const index = bucketOf(group);
    const part = (values[registryPartKey(index, scope)] ??= { groups: [] }) as { groups: StoredEntry[] };
    part.groups.push({ ...rest, extra: {} });
    const kept = (secrets[registryTokensKey(index, scope)] ??= { tokens: {}, extra: {} });
    if (token) kept.tokens[`${group.environment}:${group.provided_id}`] = token;
    if (Object.keys(extra).length > 0) kept.extra[`${group.environment}:${group.provided_id}`] = extra;
  }
  for (const [key, { tokens, extra }] of Object.entries(secrets))
    values[key] = {
      tokens: JSON.stringify(tokens),
      ...(Object.keys(extra).length > 0 && { extra: JSON.stringify(extra) }),
    };
  await fakeBrowser.storage.local.set(values);
}

/** Writes groups in format v2 (before the tokens had their own keys): each part's groups with their tokens. */
export async function seedRegistryV2(groups: readonly RegistryEntry[], scope: KeyScope = TEST_SCOPE): Promise<void> {
  const parts: Record<string, Registry> = {};
  for (const group of groups) (parts[registryPartKey(bucketOf(group), scope)] ??= { groups: [] }).groups.push(group);
  await fakeBrowser.storage.local.set(parts);
}

/** `environment:id` of every stored group, sorted (the stored order follows the parts). */
export async function storedGroupKeys(scope: KeyScope = TEST_SCOPE): Promise<string[]> {
  return (await storedRegistry(scope)).groups.map((group) => `${group.environment}:${group.provided_id}`).sort();
}

/** Removes every part and its tokens, as if no group had ever been stored. */
export async function clearStoredRegistry(scope: KeyScope = TEST_SCOPE): Promise<void> {
  await fakeBrowser.storage.local.remove([
    ...Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryPartKey(index, scope)),
    ...Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryTokensKey(index, scope)),
  ]);
}
