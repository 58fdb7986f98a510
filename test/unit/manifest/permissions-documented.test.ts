// Every permission the extension asks for is explained to users twice: in the permission tables of
// docs/development.md (linked from the README) and in the privacy policy (docs/privacy.md). Adding one
// to wxt.config.ts without both fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEntries, ROOT } from '../helpers/manifest-entries.ts';
import { tableRows } from '../helpers/markdown.ts';

const permissionRows = tableRows(readFileSync(`${ROOT}docs/development.md`, 'utf8'), 'Permissions');
const privacyRows = tableRows(readFileSync(`${ROOT}docs/privacy.md`, 'utf8'));
const entries = allEntries();

describe('every permission is explained to users', () => {
  it('finds the permissions of the manifest config (the test reads something)', () => {
    expect(entries.map((item) => item.entry)).toEqual(
      expect.arrayContaining(['storage', 'activeTab', 'https://*/*', 'authenticationInfo']),
    );
  });

  it('links the README to the permission tables', () => {
    expect(readFileSync(`${ROOT}README.md`, 'utf8')).toContain('](docs/development.md#permissions)');
  });

  it.each(entries)(
    '$entry ($kind; $source) is in a row of the permission tables and of docs/privacy.md',
    ({ entry }) => {
      const mention = `\`${entry}\``;
      expect(
        permissionRows.some((row) => row.includes(mention)),
        `explain ${mention} in a table row of docs/development.md's "## Permissions" section`,
      ).toBe(true);
      expect(
        privacyRows.some((row) => row.includes(mention)),
        `say in a table row of docs/privacy.md what data ${mention} touches`,
      ).toBe(true);
    },
  );
});
