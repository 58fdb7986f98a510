// The layer check (`npm run lint:layers`) on the four things it exists to refuse, each made in a small
// tree of its own with the project's own rules: an import from storage up to the domain, a loop between
// two domain folders, a browser.storage call outside lib/storage, and a folder in no layer.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { ESLint, type Linter } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import storageDoorConfig from '../../../scripts/storage-door.config.ts';

const require = createRequire(import.meta.url);
const config = require('../../../.dependency-cruiser.cjs') as IConfiguration;
const layers = require('../../../scripts/layers.cjs') as { name: string; path: string }[];
const ROOT = new URL('../../../', import.meta.url);

/** A little project that keeps every rule: a leaf, storage, the domain's sub-layers, a page and the background. */
const HEALTHY: Record<string, string> = {
  'lib/result.ts': 'export const ok = 1;\n',
  'lib/storage/notices-item.ts': "import { ok } from '../result';\nexport const notices = ok;\n",
  'lib/policy/policy-schema.ts': "import { notices } from '../storage/notices-item';\nexport const policy = notices;\n",
  'lib/workspaces/workspace-index-store.ts':
    "import { policy } from '../policy/policy-schema';\nexport const index = policy;\n",
  'lib/connection/connection-service.ts':
    "import { index } from '../workspaces/workspace-index-store';\nexport const connection = index;\n",
  'lib/user-groups/operations/group-operations.ts':
    "import { connection } from '../../connection/connection-service';\nexport const groups = connection;\n",
  'lib/projects/project-service.ts':
    "import { groups } from '../user-groups/operations/group-operations';\nexport const projects = groups;\n",
  'entrypoints/popup/main.ts':
    "import { projects } from '../../lib/projects/project-service';\nexport const popup = projects;\n",
  'entrypoints/background/index.ts':
    "import { groups } from '../../lib/user-groups/operations/group-operations';\nexport const background = groups;\n",
};

let made: string[] = [];
afterEach(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
  made = [];
});

/** The rules the layer check reports on `files` (the healthy project with these files added or changed). */
async function layerViolations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  made.push(root);
  for (const [path, text] of Object.entries({ ...HEALTHY, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(['lib', 'entrypoints'], {
    ...config.options,
    // Not the two that read the project's own files (the `@/` alias and its tsconfig): the tree imports relatively.
    tsConfig: undefined,
    webpackConfig: undefined,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden! },
    outputType: 'json',
  });
  const { summary } = JSON.parse(result.output as string) as ICruiseResult;
  return [...new Set(summary.violations.map((violation) => violation.rule.name))];
}

/** The errors the storage door (the lint rule run by lint:layers, `--quiet`) finds in `code` at `filePath`. */
async function doorMessages(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT.pathname,
    overrideConfigFile: true,
    overrideConfig: storageDoorConfig as Linter.Config[],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.severity === 2).map((message) => message.message);
}

describe('the layer check', () => {
  it('passes on a project that keeps the layers', async () => {
    expect(await layerViolations({})).toEqual([]);
  });

  it('fails on an import from lib/storage up to lib/user-groups', async () => {
    const upward =
      "import { groups } from '../user-groups/operations/group-operations';\nexport const notices = groups;\n";
    expect(await layerViolations({ 'lib/storage/notices-item.ts': upward })).toContain(
      'storage-imports-nothing-above-it',
    );
  });

  it('fails on a loop between two domain folders, even with no module on a cycle', async () => {
    // Same sub-layer (operations), so no rule of direction catches it: only the loop of folders.
    const back = "import { projects } from '../../projects/project-service';\nexport const listed = projects;\n";
    expect(await layerViolations({ 'lib/user-groups/operations/projects-listed.ts': back })).toEqual([
      'no-cycle-between-lib-folders',
    ]);
  });

  it('fails on a new folder in no layer, whether or not anything imports it yet', async () => {
    expect(await layerViolations({ 'lib/sidebar/sidebar-state.ts': 'export const open = false;\n' })).toEqual([
      'every-module-in-a-layer',
    ]);
    const used = "import { ok } from '../result';\nexport const open = ok;\n";
    expect(await layerViolations({ 'lib/sidebar/sidebar-state.ts': used })).toEqual(['every-module-in-a-layer']);
  });

  it('takes a new entrypoint for a page without a list to edit, and keeps pages apart', async () => {
    const sidePanel =
      "import { projects } from '../../lib/projects/project-service';\nexport const panel = projects;\n";
    expect(await layerViolations({ 'entrypoints/sidepanel/main.ts': sidePanel })).toEqual([]);
    const borrowing = "import { popup } from '../popup/main';\nexport const panel = popup;\n";
    expect(await layerViolations({ 'entrypoints/sidepanel/main.ts': borrowing })).toEqual([
      'pages-do-not-import-each-other',
    ]);
  });

  it('fails on browser.storage outside lib/storage, naming what to use instead, and no comment opens it', async () => {
    const call = [
      "import { browser } from 'wxt/browser';",
      '// eslint-disable-next-line no-restricted-properties',
      "export const read = () => browser.storage.local.get('workspaces');",
      'const { storage } = browser;',
      'export const area = storage;',
    ].join('\n');
    const refusals = await doorMessages(call, 'lib/user-groups/read-directly.ts');
    expect(refusals).toHaveLength(2);
    expect(refusals[1]).toContain('belongs to lib/storage');
    expect(refusals[0]).toContain('watch-item.ts');
    expect(await doorMessages(call, 'lib/storage/read-directly.ts')).toEqual([]);
  });

  it('fails on a write to storage in lib/storage other than through area-write.ts, which the popup’s view follows', async () => {
    const writes = [
      "import { browser } from 'wxt/browser';",
      'export const set = () => browser.storage.local.set({ workspaces: {} });',
      "export const remove = (area: 'local') => browser.storage[area].remove('lock');",
      'export const clear = () => browser.storage.session.clear();',
      "export const read = () => browser.storage.local.get('lock');",
    ].join('\n');
    const refusals = await doorMessages(writes, 'lib/storage/write-directly.ts');
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toContain('area-write.ts');
    expect(await doorMessages(writes, 'lib/storage/area-write.ts')).toEqual([]);
  });
});

describe('the layers', () => {
  it('hold every module of lib/, entrypoints/ and components/ exactly once', () => {
    const modules = ['lib', 'entrypoints', 'components'].flatMap((folder) =>
      readdirSync(new URL(folder, ROOT), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => `${folder}/${file}`),
    );
    const patterns = layers.map(({ name, path }) => ({ name, pattern: new RegExp(path) }));
    const wrong = modules.flatMap((module) => {
      const found = patterns.filter(({ pattern }) => pattern.test(module)).map(({ name }) => name);
      return found.length === 1 ? [] : [`${module}: ${found.join(', ') || 'none'}`];
    });
    expect(modules.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});
