import { groupKey } from '../../storage/registry/registry-schema';
import { cyrb53 } from '../../hash/cyrb53';
import type { ImportedGroup } from './import-rows';
import type { ImportItem } from './import-schema';
import type { GroupRef, Registry, RegistryEntry } from '../../storage/registry/registry-schema';
import type { RowPlace, RowProblem } from './row-problems';
import { compareTokens, replacesUnasked, type TokenStanding } from './token-standing';

export interface ImportChange {
  where: RowPlace;
  entry: RegistryEntry;
  previous: RegistryEntry;
  /** What would change; a token is never shown, only that it differs and which is newer. The page says it in words. */
  differences: Difference[];
}

/**
 * A group whose live token the file would replace with one not known to be newer (token-standing.ts):
 * left as it is, unless the user makes the separate choice to replace it (importItems' `replaceNewer`).
 */
export interface KeptGroup extends ImportChange {
  standing: Exclude<TokenStanding, 'same' | 'file'>;
}

/** One way an imported group differs from the stored one (times as stored, ISO 8601). */
export type Difference =
  | { kind: 'token'; newer: Exclude<TokenStanding, 'same'> }
  | { kind: 'name'; from: string; to: string }
  | { kind: 'team'; from: number; to: number }
  | { kind: 'created'; from: string; to: string }
  | { kind: 'rotated'; from: string | null; to: string | null }
  | { kind: 'issued'; from: string | null; to: string | null }
  | { kind: 'extra' }
  | { kind: 'flagCleared' }
  | { kind: 'flagged' };

export interface ImportPreview {
  added: { where: RowPlace; entry: RegistryEntry }[];
  /** What a confirmation writes by default: the file's values, its token the same or newer. */
  changed: ImportChange[];
  /** Groups whose live token is newer, or of an age that cannot be compared: kept unless chosen otherwise. */
  kept: KeptGroup[];
  unchanged: number;
  invalid: RowProblem[];
}

export interface ImportOutcome {
  added: number;
  updated: number;
  /** Groups that changed after the preview: not written. */
  conflicts: GroupRef[];
  /** Groups whose live token the background kept: the item would have put an older one in its place unasked. */
  kept: GroupRef[];
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return Object.fromEntries(
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, stable(item)]),
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/** A short, stable summary of an entry (cyrb53 over its canonical JSON), to detect a change since the preview. */
export function entryFingerprint(entry: RegistryEntry): string {
  const text = JSON.stringify(stable(entry));
  return `${text.length.toString(36)}-${cyrb53(text).toString(36)}`;
}

/**
 * The entry an import would store. A CSV row keeps the stored `extra` fields; a rotation mark from
 * the file is kept as "unknown" (the token in the file may not be current); a stored mark stays
 * while the token is the same, because the file says nothing new about it; a stored "delete outcome
 * unknown" always stays (no file can tell whether that delete went through).
 */
export function mergeImported(
  imported: ImportedGroup,
  existing: RegistryEntry | undefined,
  now: string,
): RegistryEntry {
  const { createdAt, issuedAt: fileIssuedAt, ...fields } = imported.fields;
  const fileMark = imported.rotation && { ...imported.rotation, state: 'unknown' as const };
  const sameToken = existing?.token === fields.token;
  const rotation = fileMark ?? (sameToken ? existing.rotation : undefined);
  // A backup keeps the dates it carries; without one, the stored date of the same token stays, and a
  // token of unknown age stays unknown (never "now": restoring it does not make it new).
  const issuedAt = fileIssuedAt ?? (sameToken ? existing.issuedAt : undefined);
  return {
    ...fields,
    createdAt: createdAt ?? existing?.createdAt ?? now,
    ...(issuedAt !== undefined && { issuedAt }),
    extra: imported.extra ?? existing?.extra ?? {},
    ...(rotation && { rotation }),
    ...(existing?.deleteOutcomeUnknown && { deleteOutcomeUnknown: existing.deleteOutcomeUnknown }),
  };
}

export function describeDifferences(previous: RegistryEntry, next: RegistryEntry): Difference[] {
  const differences: Difference[] = [];
  const standing = compareTokens(previous, next);
  if (standing !== 'same') differences.push({ kind: 'token', newer: standing });
  if (previous.name !== next.name) differences.push({ kind: 'name', from: previous.name, to: next.name });
  if (previous.team_id !== next.team_id) differences.push({ kind: 'team', from: previous.team_id, to: next.team_id });
  if (previous.createdAt !== next.createdAt)
    differences.push({ kind: 'created', from: previous.createdAt, to: next.createdAt });
  if (previous.lastRotatedAt !== next.lastRotatedAt)
    differences.push({ kind: 'rotated', from: previous.lastRotatedAt, to: next.lastRotatedAt });
  if (previous.issuedAt !== next.issuedAt)
    differences.push({ kind: 'issued', from: previous.issuedAt ?? null, to: next.issuedAt ?? null });
  if (!sameJson(previous.extra, next.extra)) differences.push({ kind: 'extra' });
  if (!sameJson(previous.rotation, next.rotation))
    differences.push({ kind: next.rotation ? 'flagged' : 'flagCleared' });
  return differences;
}

/**
 * Merges by (environment, ID) against the registry as it is now. A group whose file token is not known
 * to be newer than the live one is kept apart (`kept`): by default its live token stays. Nothing is
 * written here.
 */
export function previewImport(
  registry: Registry,
  parsed: { groups: ImportedGroup[]; problems: RowProblem[] },
  now: string,
): ImportPreview {
  const stored = new Map(registry.groups.map((entry) => [groupKey(entry), entry]));
  const preview: ImportPreview = { added: [], changed: [], kept: [], unchanged: 0, invalid: parsed.problems };
  for (const imported of parsed.groups) {
    const existing = stored.get(groupKey(imported.fields));
    const entry = mergeImported(imported, existing, now);
    if (!existing) {
      preview.added.push({ where: imported.where, entry });
      continue;
    }
    const differences = describeDifferences(existing, entry);
    const change = { where: imported.where, entry, previous: existing, differences };
    const standing = compareTokens(existing, entry);
    if (differences.length === 0) preview.unchanged += 1;
    else if (standing === 'live' || standing === 'unknown') preview.kept.push({ ...change, standing });
    else preview.changed.push(change);
  }
  return preview;
}

/**
 * What the confirmation sends to the background: the new and changed groups, each with what it
 * replaces; with `replaceNewer` (the user's separate choice), the kept groups too, marked as such.
 */
export function importItems(preview: ImportPreview, { replaceNewer = false } = {}): ImportItem[] {
  const replacing = (change: ImportChange) => ({ entry: change.entry, expected: entryFingerprint(change.previous) });
  return [
    ...preview.added.map(({ entry }) => ({ entry, expected: null })),
    ...preview.changed.map(replacing),
    ...(replaceNewer ? preview.kept.map((kept) => ({ ...replacing(kept), replacesNewer: true })) : []),
  ];
}

/**
 * One registry change for the whole import; items whose stored entry moved on since the preview are
 * skipped, and so is one that would replace a live token with one not known to be newer unless it says
 * the user chose that (`replacesNewer`): whatever a page sends, no older token replaces a live one unasked.
 */
export function applyImport(
  registry: Registry,
  items: readonly ImportItem[],
): { registry: Registry; result: ImportOutcome } {
  const groups = [...registry.groups];
  const indexByKey = new Map(groups.map((entry, index) => [groupKey(entry), index]));
  const result: ImportOutcome = { added: 0, updated: 0, conflicts: [], kept: [] };
  for (const { entry, expected, replacesNewer } of items) {
    const key = groupKey(entry);
    const index = indexByKey.get(key);
    const current = index === undefined ? undefined : groups[index];
    const actual = current ? entryFingerprint(current) : null;
    const ref = { environment: entry.environment, userGroupId: entry.provided_id };
    if (actual !== expected) {
      result.conflicts.push(ref);
    } else if (current && !replacesNewer && !replacesUnasked(compareTokens(current, entry))) {
      result.kept.push(ref);
    } else if (index === undefined) {
      indexByKey.set(key, groups.length);
      groups.push(entry);
      result.added += 1;
    } else {
      groups[index] = entry;
      result.updated += 1;
    }
  }
  const changed = result.added + result.updated > 0;
  return { registry: changed ? { groups } : registry, result };
}
