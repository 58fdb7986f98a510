import { describe, expect, it } from 'vitest';
import { shortDuration } from '@/lib/time/short-duration';

describe('a short span of time (Clear clipboard after)', () => {
  it('in seconds below a minute, in whole minutes from one up, as each language writes them', () => {
    expect([10, 30, 60, 120].map((seconds) => shortDuration(seconds, 'en'))).toEqual([
      '10 sec',
      '30 sec',
      '1 min',
      '2 min',
    ]);
    expect(shortDuration(30, 'de')).toBe('30 Sek.');
    expect(shortDuration(120, 'fr')).toBe('2\u00a0min'); // French puts a no-break space before a unit
    expect(shortDuration(90, 'en')).toBe('90 sec');
  });
});
