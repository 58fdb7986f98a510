import { describe, expect, it } from 'vitest';
import { differenceText } from '@/entrypoints/options/sections/groups/difference-text';

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
    expect(differenceText({ kind: 'token' })).toBe('token differs');
    expect(differenceText({ kind: 'name', from: 'Acme', to: 'Acme Inc.' })).toBe('name “Acme” → “Acme Inc.”');
    expect(differenceText({ kind: 'team', from: 1, to: 2 })).toBe('team ID 1 → 2');
  });
});
