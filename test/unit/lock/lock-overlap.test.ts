// Turning the lock on (and changing the passphrase, and turning it off) reads the store while PBKDF2
// derives the key, to save the derivation's time (the bench's "Turn on protection" at 10,000 groups).
// These tests hold the write-ahead rules to that: nothing is written before the key is at hand, the
// next key still goes into `session:` before any local value, and a failure of either half writes nothing.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bytesToBase64 } from '@/lib/crypto/base64';
import { createLockService } from '@/lib/lock/lock-service';
import { LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY } from '@/lib/storage/lock/lock-keys';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { seedConnection } from '../helpers/stored-connection';
import { PASSPHRASE, NEW_PASSPHRASE, SETTINGS, SECRETS } from '../helpers/lock-fixtures';
import { seedRegistry } from '../helpers/stored-registry';

const TOKENS = Array.from({ length: 12 }, (_, index) => `ugt_token_${String(index).padStart(4, '0')}_secret`);
const GROUPS: RegistryEntry[] = TOKENS.map((token, index) => ({
  team_id: index,
  token,
  name: `Group ${index}`,
  provided_id: `g-${index}`,
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
}));
const SCOPE = workspaceScope('ws000001');

const everything = async () =>
  JSON.stringify(await Promise.all([fakeBrowser.storage.local.get(null), fakeBrowser.storage.session.get(null)]));

async function expectNothingInClear(): Promise<void> {
  const text = await everything();
  for (const secret of [...Object.values(SECRETS), ...TOKENS]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(bytesToBase64(new TextEncoder().encode(secret)).slice(0, 12));
  }
}

/** Records, in order, when PBKDF2 starts and ends and each storage call that reads or writes. */
function recordCalls(): string[] {
  const calls: string[] = [];
  const deriveBits = crypto.subtle.deriveBits.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'deriveBits').mockImplementation(async (...args) => {
    calls.push('derive started');
    const bits = await deriveBits(...args);
    calls.push('derive ended');
    return bits;
  });
  for (const [name, area] of [
    ['local', fakeBrowser.storage.local],
    ['session', fakeBrowser.storage.session],
  ] as const) {
    for (const method of ['get', 'set'] as const) {
      const original = area[method].bind(area) as (arg: unknown) => Promise<unknown>;
      vi.spyOn(area, method).mockImplementation((arg: unknown) => {
        const keys = arg && typeof arg === 'object' && !Array.isArray(arg) ? Object.keys(arg) : [];
        // A read of the secrets: of the whole area, or of keys among which a registry part.
        const secrets = arg === null || (Array.isArray(arg) && arg.some((key) => String(key).includes('.userGroups.')));
        const what = keys.includes(LOCK_NEXT_KEY_KEY) ? ' next key' : method === 'get' && secrets ? ' secrets' : '';
        calls.push(`${name}.${method}${what}`);
        return original(arg) as never;
      });
    }
  }
  return calls;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await seedConnection(SETTINGS, SECRETS, SCOPE);
  await seedRegistry(GROUPS, SCOPE);
});

describe('the lock reads the store while the key is derived, and stays write-ahead', () => {
  it('turning it on: the store is read before PBKDF2 ends; the next key goes into session before any local write', async () => {
    const calls = recordCalls();
    expect(await createLockService().turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    vi.restoreAllMocks();
    const derived = calls.indexOf('derive ended');
    const firstRead = calls.indexOf('local.get secrets');
    const nextKey = calls.indexOf('session.set next key');
    const firstLocalWrite = calls.indexOf('local.set');
    expect(firstRead).toBeGreaterThanOrEqual(0);
    expect(firstRead).toBeLessThan(derived);
    expect(nextKey).toBeGreaterThan(derived);
    expect(firstLocalWrite).toBeGreaterThan(nextKey);
    // No write of any kind before the key was at hand.
    expect(calls.slice(0, derived).filter((call) => call.includes('.set'))).toEqual([]);
    await expectNothingInClear();
  });

  it('a derivation that fails writes nothing: the store is as it was, and no next key is left', async () => {
    const before = await everything();
    vi.spyOn(crypto.subtle, 'deriveBits').mockRejectedValue(new Error('PBKDF2 failed'));
    await expect(createLockService().turnOn(PASSPHRASE, '15')).rejects.toThrow('PBKDF2 failed');
    vi.restoreAllMocks();
    expect(await everything()).toBe(before);
  });

  it('a read that fails writes nothing, though the key was derived', async () => {
    const before = await everything();
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('storage unavailable'));
    await expect(createLockService().turnOn(PASSPHRASE, '15')).rejects.toThrow('storage unavailable');
    vi.restoreAllMocks();
    expect(await everything()).toBe(before);
    expect(await createLockService().status()).toMatchObject({ enabled: false });
  });

  it('changing the passphrase with a wrong current one writes nothing, though the new key and the read had started', async () => {
    const lock = createLockService();
    await lock.turnOn(PASSPHRASE, '15');
    const before = await everything();
    const calls = recordCalls();
    expect(await lock.changePassphrase('not the passphrase at all', NEW_PASSPHRASE)).toMatchObject({
      ok: false,
      error: { field: 'passphrase', message: { key: 'errorWrongPassphrase' } },
    });
    vi.restoreAllMocks();
    // Both derivations ran (the check and the new key), and the store was read meanwhile.
    expect(calls.filter((call) => call === 'derive ended')).toHaveLength(2);
    expect(calls).toContain('local.get secrets');
    expect(calls.filter((call) => call.includes('.set'))).toEqual([]);
    expect(await everything()).toBe(before);
    await lock.lockNow();
    expect(await lock.unlock(PASSPHRASE)).toMatchObject({ ok: true });
  });

  it('changing the passphrase and turning the lock off still seal, and open, every secret', async () => {
    const lock = createLockService();
    await lock.turnOn(PASSPHRASE, '15');
    expect(await lock.changePassphrase(PASSPHRASE, NEW_PASSPHRASE)).toMatchObject({ ok: true });
    await expectNothingInClear();
    expect((await fakeBrowser.storage.session.get(LOCK_NEXT_KEY_KEY))[LOCK_NEXT_KEY_KEY]).toBeUndefined();
    await lock.lockNow();
    expect(await lock.unlock(PASSPHRASE)).toMatchObject({ ok: false });
    expect(await lock.turnOff(NEW_PASSPHRASE)).toMatchObject({ ok: true, value: { enabled: false } });
    expect((await fakeBrowser.storage.local.get(LOCK_STATE_KEY))[LOCK_STATE_KEY]).toBeUndefined();
    const text = await everything();
    for (const token of TOKENS) expect(text).toContain(token);
  });

  it('where the browser cannot list keys (no getKeys), the whole area is read and every secret is still sealed', async () => {
    const { getKeys } = fakeBrowser.storage.local as unknown as { getKeys: unknown };
    delete (fakeBrowser.storage.local as unknown as { getKeys?: unknown }).getKeys;
    try {
      expect(await createLockService().turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
      await expectNothingInClear();
    } finally {
      Object.assign(fakeBrowser.storage.local, { getKeys });
    }
  });
});
