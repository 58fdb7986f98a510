import { describe, expect, it } from 'vitest';
import { sectionOfHash } from '@/entrypoints/options/navigation/hash-route';
import { targetOfHash } from '@/entrypoints/options/navigation/hash-target';

describe('the options page address', () => {
  it.each([
    ['#groups', 'groups'],
    ['#connection', 'connection'],
    ['#Backup', 'backup'],
    ['#connection/project-api', 'connection'],
    ['', 'start'],
    ['#', 'start'],
    ['#nonsense', 'start'],
    // Earlier versions' history link lands on the projects section.
    ['#history', 'projects'],
    ['#project-history', 'projects'],
  ])('%s shows the %s section', (hash, section) => {
    expect(sectionOfHash(hash)).toBe(section);
  });

  it('names the part of a section an address points at', () => {
    expect(targetOfHash('#connection/user-group-api')).toBe('user-group-api');
    expect(targetOfHash('#connection')).toBeUndefined();
    expect(targetOfHash('#connection/')).toBeUndefined();
  });
});
