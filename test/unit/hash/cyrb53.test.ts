import { describe, expect, it } from 'vitest';
import { cyrb53 } from '@/lib/hash/cyrb53';
import { managedWorkspaceId } from '@/lib/workspaces/managed-workspaces';

// Stored values derive from this hash (managed workspaces' ids key their registries and histories):
// the values below were computed by the implementation that first shipped, and must never change.
describe('cyrb53', () => {
  it.each([
    ['org sandbox', '15b1f6787069b8', '1o4miqrfnw8'],
    ['acme reviews', '0405c945a9b07c', 'b5cpy2bczg'],
    ['{"a":1}', '1034b77cc1d846', '18wxssjtft2'],
  ])('%j hashes as it always has', (text, hex, base36) => {
    expect(cyrb53(text).toString(16).padStart(14, '0')).toBe(hex);
    expect(cyrb53(text).toString(36)).toBe(base36);
  });

  it('managed workspace ids keep their form', () => {
    expect(managedWorkspaceId('  Org Sandbox ')).toBe('org-15b1f6787069b8');
  });
});
