import { describe, expect, it } from 'vitest';
import { deriveKey, PBKDF2_DEFAULT_ITERATIONS } from '@/lib/crypto/kdf';

// How long a user waits for the key (an import, an unlock): five derivations (~0.4 s in all here),
// each within the 1 s that issue #14 allows an unlock, even on a loaded machine.
describe('PBKDF2 timing', () => {
  it('derives the key at the default count within a second, and logs the median of 5', async () => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const started = performance.now();
      const key = await deriveKey('correct horse battery staple', salt, PBKDF2_DEFAULT_ITERATIONS);
      times.push(performance.now() - started);
      expect(key.ok).toBe(true);
    }
    expect(Math.max(...times)).toBeLessThan(1000);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `PBKDF2-SHA256 x ${PBKDF2_DEFAULT_ITERATIONS}: median ${sorted[2]?.toFixed(0)} ms of [${times.map((t) => t.toFixed(0)).join(', ')}]`,
    );
  });
});
