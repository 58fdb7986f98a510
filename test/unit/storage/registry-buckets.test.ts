import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitChanged, splitIntoBuckets } from '@/lib/storage/registry/registry-buckets';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

const entry = (id: string, name = `Team ${id}`): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-11-26T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});

/** One change as the registry's changes make them: add, replace (a new entry object), remove. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), id: fc.string({ minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
);

describe('splitChanged', () => {
  it('gives the parts splitIntoBuckets gives, after any series of changes, keeping the parts no change touched', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), (changes) => {
        let groups = Array.from({ length: 30 }, (_, i) => entry(`g${i}`));
        // Parts as read from storage: not trusted, every part made again.
        let parts = splitChanged(splitIntoBuckets(groups), groups, groups);
        for (const step of changes) {
          let next: RegistryEntry[];
          if (step.kind === 'add') next = [...groups, entry(step.id)];
          else if (groups.length === 0) continue;
          else if (step.kind === 'replace') {
            const at = step.at % groups.length;
            next = groups.map((group, index) => (index === at ? { ...group, name: `${group.name}!` } : group));
          } else next = groups.filter((_, index) => index !== step.at % groups.length);
          const made = splitChanged(parts, groups, next);
          expect(made).toEqual(splitIntoBuckets(next));
          if (step.kind !== 'remove') {
            const kept = made.filter((part, index) => part === parts[index]).length;
            expect(kept).toBeGreaterThanOrEqual(256 - 2);
          }
          parts = made;
          groups = next;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('makes every part again from parts it did not make (read from storage, a group maybe in another part)', () => {
    const groups = [entry('a'), entry('b')];
    const misplaced = splitIntoBuckets(groups).map(() => [] as RegistryEntry[]);
    misplaced[0] = [...groups];
    expect(splitChanged(misplaced, groups, [...groups, entry('c')])).toEqual(splitIntoBuckets([...groups, entry('c')]));
  });
});
