import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { affectsDueCount, readDueSummary, writeDueSummary } from '@/lib/storage/rotation/due-summary';

describe('the stored count of tokens due', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is read back as written; an unreadable one reads as none', async () => {
    expect(await readDueSummary()).toBeUndefined();
    const summary = { checkedAt: '2026-11-26T04:00:00.000Z', workspaces: [{ id: 'a1b2c3d4', name: 'Acme', due: 5 }] };
    await writeDueSummary(summary);
    expect(await readDueSummary()).toEqual(summary);
    await fakeBrowser.storage.local.set({ tokenReminders: { checkedAt: 1, workspaces: 'many' } });
    expect(await readDueSummary()).toBeUndefined();
  });

  it('is recounted on a change of what it depends on, and only then', () => {
    for (const key of ['workspaces', 'managedPolicy', 'ws.a1b2c3d4.tokenRotation', 'ws.a1b2c3d4.userGroups.007'])
      expect(affectsDueCount(key), key).toBe(true);
    for (const key of [
      'tokenReminders',
      'activityLog',
      'ws.a1b2c3d4.projectHistory',
      'ws.a1b2c3d4.userGroupIndex',
      'ws.A1B2.tokenRotation',
      'ws.a1b2c3d4.userGroups.7',
    ])
      expect(affectsDueCount(key), key).toBe(false);
  });
});
