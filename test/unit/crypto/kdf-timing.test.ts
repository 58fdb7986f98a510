import { describe, expect, it } from 'vitest';
import { deriveKey, PBKDF2_DEFAULT_ITERATIONS } from '@/lib/crypto/kdf';

// How long a user waits for the key (an import, an unlock). Off by default: five derivations slow
// every run. MEASURE_PBKDF2=1 npx vitest run test/unit/crypto/kdf-timing.test.ts
describe.runIf(process.env.MEASURE_PBKDF2 === '1')('PBKDF2 timing', () => {
  it('logs the median of 5 derivations at the default count', async () => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const started = performance.now();
      const key = await deriveKey('correct horse battery staple', salt, PBKDF2_DEFAULT_ITERATIONS);
      times.push(performance.now() - started);
      expect(key.ok).toBe(true);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`PBKDF2-SHA256 x ${PBKDF2_DEFAULT_ITERATIONS}: median ${sorted[2]?.toFixed(0)} ms of [${times.map((t) => t.toFixed(0)).join(', ')}]`);
  });
});
