import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rowMenuItems } from '@/entrypoints/options/sections/groups/row-menu-items';
import { UserGroupRow } from '@/entrypoints/options/sections/groups/UserGroupRow';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

const readToken = () => Promise.resolve(undefined);

const group = (token: string): RegistryEntry => ({
  team_id: 1,
  token,
  name: 'Reviewers',
  provided_id: 'rev-1',
  environment: 'Customer',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});

/** The masked token as the row shows it before "Show token" is pressed. */
const shownToken = (token: string) =>
  /<code[^>]*>([^<]*)<\/code>/.exec(
    renderToStaticMarkup(
      <UserGroupRow group={group(token)} rowIndex={1} busy={false} onAction={() => undefined} readToken={readToken} />,
    ),
  )![1];

describe('UserGroupRow masks the token', () => {
  it('shows the last four characters of a token of 12 or more', () => {
    expect(shownToken('a2f9c41e7b0d44f6a8e3')).toBe('••••a8e3');
  });

  // The options page's list holds no token (registry format v3: the background keeps them): the row
  // shows that one is set, without any of its characters, and Show and Copy token ask the background.
  it('shows the token as set, without any of its characters, when the page does not hold it', () => {
    expect(shownToken('')).toBe('••••');
  });

  // Regression: a 5-character token was shown as "••••" plus four of its five characters.
  it.each(['abcde', 'x', 'elevenchars'])('shows none of the short token %j', (token) => {
    expect(shownToken(token)).toBe('••••');
  });
});

describe('UserGroupRow while the passphrase lock keeps tokens sealed (issue 24, finding 9)', () => {
  const render = (props: { tokensSealed?: boolean; justCreated?: boolean }) =>
    renderToStaticMarkup(
      <UserGroupRow
        group={group('')}
        rowIndex={1}
        busy={false}
        onAction={() => undefined}
        readToken={readToken}
        {...props}
      />,
    );

  it('shows the token as sealed, without any of its characters, with Show and Copy token still offered', () => {
    const html = render({ tokensSealed: true });
    expect(/<code[^>]*>([^<]*)<\/code>/.exec(html)![1]).toBe('•••• sealed');
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Show<\/button>/);
    expect(html).toMatch(/<button[^>]*>Copy token<\/button>/);
  });

  it('a group the last action created is marked on its row', () => {
    const html = render({ justCreated: true });
    expect(html).toContain('just-created');
    expect(html).toContain('Just created.');
  });
});

describe('UserGroupRow of a group whose delete was not answered', () => {
  const flagged: RegistryEntry = {
    ...group('a2f9c41e7b0d44f6a8e3'),
    deleteOutcomeUnknown: { since: '2025-06-01T00:00:00.000Z' },
  };
  const html = renderToStaticMarkup(
    <UserGroupRow group={flagged} rowIndex={1} busy={false} onAction={() => undefined} readToken={readToken} />,
  );
  // The row's menu draws its items only while open (RowActionsMenu): what it offers is rowMenuItems'.
  const offered = (entry: RegistryEntry, busy = false) =>
    rowMenuItems(entry, busy, () => undefined, 'delete-flag').map(({ label, disabled, describedBy }) => ({
      label,
      disabled,
      describedBy,
    }));

  it('says the group may already be gone, and offers Retry delete and Remove from this browser only', () => {
    expect(html).toContain('Delete outcome unknown — the group may already be gone from the service.');
    expect(offered(flagged)).toEqual([
      { label: 'Rotate token', disabled: true, describedBy: 'delete-flag' },
      { label: 'Retry delete', disabled: false, describedBy: undefined },
      { label: 'Remove from this browser only', disabled: false, describedBy: undefined },
    ]);
  });

  it('turns Rotate off (get-or-create would re-create the group), pointing to the explanation', () => {
    const rotate = offered(flagged)[0]!;
    expect(rotate.disabled).toBe(true);
    expect(rotate.describedBy).toBe('delete-flag');
    // The explanation the menu item points to is an element of the row, with an id of its own.
    expect(html).toMatch(/<[a-z]+ id="[^"]+"[^>]*>Delete outcome unknown/);
  });

  it('a group without the mark (stored before it existed) has Rotate and Delete, and no Remove button', () => {
    const plain = renderToStaticMarkup(
      <UserGroupRow
        group={group('a2f9c41e7b0d44f6a8e3')}
        rowIndex={1}
        busy={false}
        onAction={() => undefined}
        readToken={readToken}
      />,
    );
    expect(plain).not.toContain('Delete outcome unknown');
    expect(offered(group('a2f9c41e7b0d44f6a8e3'))).toEqual([
      { label: 'Rotate token', disabled: false, describedBy: undefined },
      { label: 'Delete', disabled: false, describedBy: undefined },
    ]);
  });

  it('turns every action off while the row is busy', () => {
    expect(offered(flagged, true).map((item) => item.disabled)).toEqual([true, true, true]);
  });

  it('draws only the menu button while the menu is closed', () => {
    expect(html).not.toContain('role="menuitem"');
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*aria-expanded="false"/);
  });
});
