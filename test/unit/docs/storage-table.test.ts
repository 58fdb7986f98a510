// The storage table of the privacy policy (docs/privacy.md, "What is stored, and where") names every key
// the storage layer declares, and no other: a new stored item without its row, or a row left behind by
// an item that is gone, fails here. The keys come from the code, never from the docs:
// - what a workspace keeps: workspace-item-names.ts, the list that deleting a workspace removes;
// - the extension's own keys: every `…_KEY` string that a module of lib/storage exports (the rule of
//   docs/architecture.md, "A stored item"), found by importing every module there;
// - keys made by a function: the activity log's pages and the copies of unreadable values kept aside.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/manifest-entries.ts';
import { tableRows } from '../helpers/markdown.ts';
import { activityPageKey } from '@/lib/storage/activity/activity-keys';
import { workspaceStorageNames } from '@/lib/storage/credentials/workspace-item-names';
import { CORRUPT_COPY_PREFIX } from '@/lib/storage/validated-item';
import { workspaceScope } from '@/lib/storage/workspace-keys';

type Area = 'local' | 'session';
/** A key as the table writes it (`ws.<id>.userGroups.NNN`), with the areas the code puts it in where it says. */
type DeclaredKeys = Map<string, Set<Area>>;

const STORAGE_DIR = path.join(ROOT, 'lib/storage');
const storageModules = import.meta.glob<Record<string, unknown>>('/lib/storage/**/*.ts', { eager: true });

/** A key's numbered end as the table writes it: `userGroups.007` → `userGroups.NNN`, `activityLog.000001` → `…NNNNNN`. */
const asPattern = (name: string) => name.replace(/\.(\d+)$/, (_, digits: string) => `.${'N'.repeat(digits.length)}`);

function add(keys: DeclaredKeys, name: string, area?: Area): void {
  const areas = keys.get(name) ?? new Set<Area>();
  if (area) areas.add(area);
  keys.set(name, areas);
}

/** Every key the storage layer declares. WXT's version entries (`<key>$`) go with their item: no row of their own. */
function declaredKeys(modules: Record<string, Record<string, unknown>> = storageModules): DeclaredKeys {
  const keys: DeclaredKeys = new Map();
  const workspace = workspaceStorageNames(workspaceScope('<id>'));
  for (const area of ['local', 'session'] as const)
    for (const name of workspace[area]) if (!name.endsWith('$')) add(keys, asPattern(name), area);
  for (const exports of Object.values(modules))
    for (const [exported, value] of Object.entries(exports))
      if (exported.endsWith('_KEY') && typeof value === 'string') add(keys, value);
  add(keys, asPattern(activityPageKey(1)));
  add(keys, `${CORRUPT_COPY_PREFIX}<key>:<time>`);
  return keys;
}

/** A row of the table: the keys in its key column (each a code span) and its area column. */
interface TableRow {
  keys: string[];
  areas: string;
}

/** The rows of a table whose columns are what | key | area | kept until (its header and rule left out). */
function storageTable(markdown: string): TableRow[] {
  return tableRows(markdown, 'What is stored, and where')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => !/^-+$/.test(cells[2] ?? '') && cells[2] !== 'key')
    .map((cells) => ({
      keys: [...(cells[2] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      areas: cells[3] ?? '',
    }));
}

/** What is wrong between the keys declared and the table: a key without a row, a row of no key, a wrong area. */
function tableProblems(declared: DeclaredKeys, rows: readonly TableRow[]): string[] {
  const listed = new Map(rows.flatMap((row) => row.keys.map((key) => [key, row] as const)));
  const problems: string[] = [];
  for (const [key, areas] of declared) {
    const row = listed.get(key);
    if (!row) problems.push(`\`${key}\` has no row`);
    else
      for (const area of areas)
        if (!row.areas.includes(area)) problems.push(`\`${key}\`: its row does not say ${area}`);
  }
  for (const key of listed.keys()) if (!declared.has(key)) problems.push(`\`${key}\` is in a row but declared nowhere`);
  return problems;
}

const tsFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });

const privacy = readFileSync(path.join(ROOT, 'docs/privacy.md'), 'utf8');

describe('the storage table of docs/privacy.md', () => {
  it('reads keys of every kind from the code, and rows from the page (the test reads something)', () => {
    const declared = declaredKeys();
    expect([...declared.keys()]).toEqual(
      expect.arrayContaining([
        'workspaces',
        'lockKey',
        'activityLog',
        'activityLog.NNNNNN',
        'corrupt:<key>:<time>',
        'ws.<id>.userGroups.NNN',
        'ws.<id>.projectLink',
      ]),
    );
    expect(declared.get('ws.<id>.credentials')).toEqual(new Set(['local', 'session']));
    expect(Object.keys(storageModules).length).toBe(tsFiles(STORAGE_DIR).length);
    expect(storageTable(privacy).length).toBeGreaterThan(20);
  });

  it('has a row for every key the storage layer declares, and none for a key it does not', () => {
    expect(tableProblems(declaredKeys(), storageTable(privacy))).toEqual([]);
  });

  it('fails for a new stored item without a row, for a row of a key that is gone, and for a missing area', () => {
    const complete = [...declaredKeys()].map(([key, areas]) => ({ keys: [key], areas: [...areas].join(', ') }));
    expect(tableProblems(declaredKeys(), complete)).toEqual([]);
    const withNewItem = declaredKeys({ ...storageModules, '/lib/storage/new.ts': { NEW_ITEM_KEY: 'newItem' } });
    expect(tableProblems(withNewItem, complete)).toEqual(['`newItem` has no row']);
    expect(tableProblems(declaredKeys(), [...complete, { keys: ['ws.<id>.gone'], areas: 'local' }])).toEqual([
      '`ws.<id>.gone` is in a row but declared nowhere',
    ]);
    const localOnly = complete.map((row) =>
      row.keys.includes('ws.<id>.credentials') ? { ...row, areas: 'local' } : row,
    );
    expect(tableProblems(declaredKeys(), localOnly)).toEqual(['`ws.<id>.credentials`: its row does not say session']);
  });

  it('sees every key constant of lib/storage: each `…_KEY` string declared there is exported', () => {
    const hidden = tsFiles(STORAGE_DIR).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^(?!export\b).*\bconst ([A-Z0-9_]+_KEY)\s*=\s*['"`]/gm)].map(
        (match) => `${path.relative(ROOT, file)}: ${match[1]}`,
      ),
    );
    expect(hidden, 'export it, so that this test finds the key and asks for its row').toEqual([]);
  });
});
