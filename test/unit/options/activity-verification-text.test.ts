import { describe, expect, it } from 'vitest';
import { chainText, exportText } from '@/entrypoints/options/sections/activity/verification-text';

// What each check says: exactly what it proved, entries named by the number the Entry column shows.

describe('the words of the activity checks', () => {
  it('Verify activity log says only that the links hold', () => {
    expect(chainText({ ok: true, count: 1234 })).toEqual({
      kind: 'success',
      text: 'Chain unbroken: each of its 1,234 entries holds the hash of the one before it.',
    });
    expect(chainText({ ok: false, seq: 22, position: 3, reason: 'edited' })).toEqual({
      kind: 'error',
      text: 'The activity log was changed outside the extension: entry 22 was edited or removed.',
    });
  });

  it('Verify against export says what it compared, what it could not, and names the first entry dropped or changed', () => {
    expect(
      exportText({ ok: true, compared: 1200, last: 1234, newest: 1300, foldedByAge: 34, removedWithWorkspace: 1 }).text,
    ).toBe(
      '1,200 entries of the export (up to entry 1234) are in the log unchanged, and the chain goes on unbroken to entry 1300. ' +
        '34 older entries of the export were folded by age and could not be compared. ' +
        '1 of them was removed with its workspace; its hash still matches.',
    );
    expect(exportText({ ok: false, reason: 'dropped', seq: 22 })).toEqual({
      kind: 'error',
      text: 'Entry 22, which the export holds, was dropped from the log.',
    });
    expect(exportText({ ok: false, reason: 'changed', seq: 5 }).text).toBe(
      'Entry 5 was changed since the export: its hash no longer matches.',
    );
    const tampered = exportText({ ok: false, reason: 'file', read: { ok: false, problem: 'tampered', seq: 3 } });
    expect(tampered.kind).toBe('error');
    expect(tampered.text).toContain('(at entry 3)');
  });
});
