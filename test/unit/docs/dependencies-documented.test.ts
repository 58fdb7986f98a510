// Every package the project depends on says why it is there, in the Dependencies table of
// docs/development.md (linked from the README): a new dependency without its reason fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/manifest-entries.ts';
import { tableRows } from '../helpers/markdown.ts';

const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const packages = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
const rows = tableRows(readFileSync(`${ROOT}docs/development.md`, 'utf8'), 'Dependencies');

describe('every dependency is explained', () => {
  it('reads the dependencies of package.json and the table (the test reads something)', () => {
    expect(packages).toEqual(expect.arrayContaining(['react', 'zod', 'wxt', 'vitest']));
    expect(rows.length).toBeGreaterThan(10);
  });

  it('links the README to the table', () => {
    expect(readFileSync(`${ROOT}README.md`, 'utf8')).toContain('](docs/development.md#dependencies)');
  });

  it.each(packages)('%s is named in a row of the Dependencies table, with why', (name) => {
    const row = rows.find((candidate) => candidate.includes(`\`${name}\``));
    expect(row, `say in docs/development.md's "## Dependencies" table why \`${name}\` is needed`).toBeDefined();
    expect(row!.split('|').at(-2)!.trim().length, `the row of ${name} says why`).toBeGreaterThan(10);
  });
});
