// Issue 24: a text stored before words were bounded (a bulk failure, a health record, a rotation mark of
// 900 KB) is cut when it is read, and the record it belongs to is kept whole: never dropped, never aside.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messageText, storedTextSchema, text, verbatimText } from '@/lib/message-ref';
import { apiHealthSchema } from '@/lib/storage/api-health';
import { registryEntrySchema } from '@/lib/storage/registry/registry-schema';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { newBulkJob } from '@/lib/user-groups/bulk/bulk-job';
import { rows, storedJob, storeJob } from '../user-groups/bulk-fakes';

const LONG = 'x'.repeat(900_030);
const SHOWN = `${'x'.repeat(500)}… (900,030 characters)`;

describe('storedTextSchema', () => {
  it('an older version’s plain words over the bound: cut, with their full length', () => {
    expect(messageText(storedTextSchema.parse(LONG))).toBe(SHOWN);
  });

  it('a named text whose verbatim words are over the bound, at any depth', () => {
    const refused = text('errorServiceRefused', verbatimText(LONG));
    expect(messageText(storedTextSchema.parse(refused))).toBe(`The service refused: ${SHOWN}`);
    const deeper = text('errorOutcomeUnknown', refused);
    expect(messageText(storedTextSchema.parse(deeper))).toContain(`The service refused: ${SHOWN}`);
  });

  it('a plain argument over the bound is cut too; numbers and short texts are left as they are', () => {
    const parsed = storedTextSchema.parse(text('errorNetwork', `https://${LONG}`));
    expect(messageText(parsed).length).toBeLessThan(700);
    const short = text('errorServerError', 'https://ug.example.com', '502');
    expect(storedTextSchema.parse(short)).toEqual(short);
    expect(storedTextSchema.parse('Rate limited.')).toEqual(verbatimText('Rate limited.'));
  });

  it('reads the same once cut (idempotent)', () => {
    const once = storedTextSchema.parse(LONG);
    expect(storedTextSchema.parse(once)).toEqual(once);
  });
});

describe('stored records with such a text are read whole', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('a bulk job: every failure kept, each message cut', async () => {
    const { job, rows: stored } = newBulkJob({ id: 'j1', rows: rows(3), skipped: 0, ratePerMinute: 60, now: 0 });
    const failed = rows(3).map((row) => ({ ...row, message: `The service refused: ${LONG}` }));
    // As an older version wrote them: plain words (the stored type of today names its texts).
    const older = { ...job, status: 'done', next: 3, failed, message: LONG } as unknown as BulkJob;
    await storeJob({ job: older, rows: stored });
    const read = await storedJob();
    expect(read.failed.map((failure) => failure.userGroupId)).toEqual(['g0', 'g1', 'g2']);
    expect(messageText(read.failed[0]!.message)).toBe(
      `${'The service refused: '}${'x'.repeat(479)}… (900,051 characters)`,
    );
    expect(messageText(read.message!)).toBe(SHOWN);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('corrupt:'))).toEqual(
      [],
    );
  });

  it('a health record and a registry entry’s marks', () => {
    const health = apiHealthSchema.parse({
      userGroup: { lastFailure: { at: '2026-01-01T00:00:00.000Z', code: 'REJECTED', message: LONG } },
    });
    expect(messageText(health.userGroup!.lastFailure!.message)).toBe(SHOWN);
    const entry = registryEntrySchema.parse({
      team_id: 1,
      token: 'ugt_1',
      name: 'A',
      provided_id: 'a',
      environment: 'Customer',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastRotatedAt: null,
      rotation: { state: 'unknown', since: '2026-01-01T00:00:00.000Z', message: verbatimText(LONG) },
      deleteOutcomeUnknown: { since: '2026-01-01T00:00:00.000Z', message: LONG },
      extra: {},
    });
    expect(messageText(entry.rotation!.message!)).toBe(SHOWN);
    expect(messageText(entry.deleteOutcomeUnknown!.message!)).toBe(SHOWN);
  });
});
