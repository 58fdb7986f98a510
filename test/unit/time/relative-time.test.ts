import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from '@/lib/time/relative-time';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [30_000, 'now'],
    [MINUTE, '1 minute ago'],
    [3 * MINUTE + 59_000, '3 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR, '5 hours ago'],
    [DAY, 'yesterday'],
    [2 * DAY + HOUR, '2 days ago'],
    [7 * DAY, 'last week'],
    [45 * DAY, 'last month'],
    [400 * DAY, 'last year'],
  ])('%i ms ago is "%s" in English', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW, 'en')).toBe(text);
  });

  it('says a time in the future as such (a clock set back)', () => {
    expect(relativeTime(ago(-2 * HOUR), NOW, 'en')).toBe('in 2 hours');
  });

  it('follows the UI language', () => {
    expect(relativeTime(ago(DAY), NOW, 'de')).toBe('gestern');
    expect(relativeTime(ago(3 * MINUTE), NOW, 'fr')).toBe('il y a 3 minutes');
  });

  it('gives nothing for an unreadable date', () => {
    expect(relativeTime('not a date', NOW, 'en')).toBe('');
  });
});

describe('exactTime', () => {
  it('gives date and time in the language', () => {
    const text = exactTime('2026-11-22T12:00:00.000Z', 'en');
    expect(text).toContain('2026');
    expect(text).toContain('November');
  });

  it('returns an unreadable date unchanged', () => {
    expect(exactTime('garbage', 'en')).toBe('garbage');
  });
});
