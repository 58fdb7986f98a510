import type { Workspace } from './workspace-index-schema';
import { t } from '../../i18n';

export const MAX_WORKSPACE_NAME_LENGTH = 60;

/** Why a name cannot be used; each has its text next to the **Workspace name** field. */
export type WorkspaceNameProblem = 'empty' | 'tooLong' | 'controlCharacters' | 'duplicate';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A workspace name: trimmed, 1 to 60 characters, one line of printable text, and unique among the
 * other workspaces whatever the case ("Acme" and "acme" would be confused in the select).
 */
export function checkWorkspaceName(
  raw: string,
  workspaces: readonly Pick<Workspace, 'id' | 'name'>[],
  ownId?: string,
): { ok: true; name: string } | { ok: false; problem: WorkspaceNameProblem } {
  const name = raw.trim();
  if (!name) return { ok: false, problem: 'empty' };
  if ([...name].length > MAX_WORKSPACE_NAME_LENGTH) return { ok: false, problem: 'tooLong' };
  if (CONTROL_CHARACTERS.test(name)) return { ok: false, problem: 'controlCharacters' };
  const folded = name.toLocaleLowerCase();
  if (workspaces.some((workspace) => workspace.id !== ownId && workspace.name.trim().toLocaleLowerCase() === folded)) {
    return { ok: false, problem: 'duplicate' };
  }
  return { ok: true, name };
}

/** "Workspace 2" (in the browser's language: a name is data once given), or the next number that is free. */
export function defaultWorkspaceName(workspaces: readonly Pick<Workspace, 'id' | 'name'>[]): string {
  for (let number = workspaces.length + 1; ; number += 1) {
    const candidate = t('workspaceDefaultName', number);
    if (checkWorkspaceName(candidate, workspaces).ok) return candidate;
  }
}

/** The host of the first address set (project API first): the name an upgrade gives a workspace. */
export function hostName(addresses: readonly string[]): string | undefined {
  for (const address of addresses) {
    try {
      const host = new URL(address).hostname;
      if (host) return host.slice(0, MAX_WORKSPACE_NAME_LENGTH);
    } catch {
      // not an address: the next one
    }
  }
  return undefined;
}

/** `acme-staging` for "Acme — Staging!": for file names. */
export function workspaceSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'workspace';
}
