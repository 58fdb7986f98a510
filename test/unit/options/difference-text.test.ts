import { describe, expect, it } from 'vitest';
import { differenceText, keptText } from '@/entrypoints/options/sections/groups/difference-text';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

describe('an import preview difference in words', () => {
  it('shows times as the user reads them, never as stored (ISO 8601)', () => {
    const text = differenceText({ kind: 'rotated', from: null, to: '2026-11-21T09:12:00.000Z' });
    expect(text).toMatch(/^last rotated — → .*2026/);
    expect(text).not.toContain('T09:12');
    expect(
      differenceText({ kind: 'created', from: '2026-11-20T15:50:00.000Z', to: '2026-11-21T09:12:00.000Z' }),
    ).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('names what changed, and never a token', () => {
    expect(differenceText({ kind: 'token', newer: 'file' })).toBe('the file’s token is newer');
    expect(differenceText({ kind: 'token', newer: 'live' })).toBe('this browser’s token is newer');
    expect(differenceText({ kind: 'token', newer: 'unknown' })).toBe(
      'token differs, and which one is newer cannot be told',
    );
    expect(differenceText({ kind: 'name', from: 'Acme', to: 'Acme Inc.' })).toBe('name “Acme” → “Acme Inc.”');
    expect(differenceText({ kind: 'team', from: 1, to: 2 })).toBe('team ID 1 → 2');
  });
});

describe('a group whose live token an import keeps', () => {
  const group = (token: string, issuedAt?: string): RegistryEntry => ({
    team_id: 1,
    token,
    name: 'Acme',
    provided_id: 'acme-1',
    environment: 'Customer',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastRotatedAt: null,
    ...(issuedAt !== undefined && { issuedAt }),
    extra: {},
  });

  it('says which token is newer with both dates, an unknown one as such, and never a token', () => {
    const live = group('ugt_live_secret', '2026-11-28T10:12:00.000Z');
    const file = group('ugt_file_secret', '2026-08-01T09:00:00.000Z');
    const newer = keptText({
      where: { kind: 'entry', position: 1 },
      previous: live,
      entry: file,
      standing: 'live',
      differences: [],
    });
    expect(newer).toMatch(
      /^“Acme” \(Customer, ID acme-1\): this browser’s token is newer \(issued .*2026.*; the file’s .*2026.*\)\.$/,
    );
    const unknown = keptText({
      where: { kind: 'entry', position: 1 },
      previous: group('ugt_live_secret'),
      entry: file,
      standing: 'unknown',
      differences: [],
    });
    expect(unknown).toMatch(
      /which token is newer cannot be told \(this browser’s issued date unknown; the file’s .*2026/,
    );
    for (const text of [newer, unknown]) expect(text).not.toMatch(/ugt_|T\d{2}:\d{2}/);
  });
});
