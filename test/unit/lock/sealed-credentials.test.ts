// Known answers for the lock's glue over lib/crypto (whose own vectors are in test/unit/crypto): the
// sealed form of credentials, computed independently with Python's `cryptography` (AESGCM) for a
// fixed key, IV and the AAD "review-companion:credentials:v1".
import { describe, expect, it } from 'vitest';
import type { StoredCredentials } from '@/lib/storage/connection/connection-schema';
import { importAesKey } from '@/lib/crypto/kdf';
import { hasSecret, sealWith, unsealWith } from '@/lib/storage/credentials/sealed-credentials';

const KEY = new Uint8Array(Array.from({ length: 32 }, (_, index) => index + 1));
const IV = new Uint8Array(12).fill(7);
const CREDENTIALS: StoredCredentials = {
  userGroup: { origin: 'https://ug.example', apiToken: 'tok-1234' },
  project: { origin: 'https://p.example', apiKey: 'key-5678', authToken: 'auth-9012' },
};
const EXPECTED = {
  iv: 'BwcHBwcHBwcHBwcH',
  data: 'keFcIA6ZM5o5AFdbQ0607IavK6ejd7iymsK1YlUsCjtMpSczYmzgzXtz+ah4LyZ7vE44QEqU/q5YQ7YWPznpkDneNO3rb7kKqdBj9wk+KaoaG6uWyJjYvhyccRV3jx2pNtMljs26yGROEXLdN1mqirAyTa4EKXkazNT47puPs0GJHDJlTPvpVF8jPzkIyRVgT1tvSgLf3gqUI4TuE2xjZQHGzpvz5ZhR',
};

describe('sealed credentials', () => {
  it('seals to the known answer (AES-256-GCM, JSON of the stored form, fixed AAD)', async () => {
    const key = await importAesKey(KEY);
    expect(await sealWith(key, CREDENTIALS, () => IV)).toEqual({ sealed: EXPECTED });
  });

  it('unseals the known answer, and refuses another key or a changed byte', async () => {
    expect(await unsealWith(await importAesKey(KEY), { sealed: EXPECTED })).toEqual(CREDENTIALS);
    const otherKey = await importAesKey(new Uint8Array(32).fill(9));
    expect(await unsealWith(otherKey, { sealed: EXPECTED })).toBeUndefined();
    const changed = { iv: EXPECTED.iv, data: `A${EXPECTED.data.slice(1)}` };
    expect(await unsealWith(await importAesKey(KEY), { sealed: changed })).toBeUndefined();
  });

  it('tells values with a secret from empty ones (which are stored clear)', () => {
    expect(hasSecret(CREDENTIALS)).toBe(true);
    expect(
      hasSecret({
        userGroup: { origin: 'https://ug.example', apiToken: '' },
        project: { origin: '', apiKey: '', authToken: '' },
      }),
    ).toBe(false);
  });
});
