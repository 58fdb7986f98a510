import { isLoopbackHost } from './service-address';
import { hasControlCharacter } from '../text/control-characters';
import { MAX_ADDRESS_LENGTH } from '../url/address-length';
import { uriEncoded } from '../url/uri-encoded';
import { text, type MessageRef } from '../message-ref';

// The project link (issue 28, design.md §12): per workspace, the address of a project's page in the
// review service, as a template such as `https://app.example.com/projects/{projectId}`. Pure functions:
// the options page checks as the user types, the background before it stores, the policy reader before
// it applies, and every page builds links with the same rules.

/** Where the project's id goes in the template. */
export const PROJECT_ID_PLACEHOLDER = '{projectId}';

/** Why a template is refused: each is said in the user's language (project-link-problem.ts). */
export type ProjectLinkProblem =
  | 'too-long'
  | 'spaces'
  | 'no-placeholder'
  | 'several-placeholders'
  | 'malformed'
  | 'not-https'
  | 'plain-http'
  | 'user-info'
  | 'placeholder-in-host';

export type CheckedProjectLink = { ok: true; template: string } | { ok: false; problem: ProjectLinkProblem };

/** Whitespace or a control character anywhere: the URL parser would silently drop some of them. */
const hasSpaceOrControl = (text: string) => /\s/.test(text) || hasControlCharacter(text);

const fill = (template: string, id: string) => template.replace(PROJECT_ID_PLACEHOLDER, () => id);

/**
 * A project link template as the user or the policy gives it. Empty (or only spaces) turns the link off
 * (`template: ''`). Otherwise, trimmed, it must hold `{projectId}` exactly once and make, for any id,
 * an https address (plain http only on this computer, as the service addresses) without a user name,
 * on one site: the id may be in the path, the query or the fragment, never in the host.
 */
export function checkProjectLinkTemplate(raw: string): CheckedProjectLink {
  const refused = (problem: ProjectLinkProblem) => ({ ok: false as const, problem });
  const template = raw.trim();
  if (template === '') return { ok: true, template };
  if (template.length > MAX_ADDRESS_LENGTH) return refused('too-long');
  if (hasSpaceOrControl(template)) return refused('spaces');
  const placeholders = template.split(PROJECT_ID_PLACEHOLDER).length - 1;
  if (placeholders === 0) return refused('no-placeholder');
  if (placeholders > 1) return refused('several-placeholders');
  let first: URL;
  let second: URL;
  try {
    first = new URL(fill(template, 'a'));
    second = new URL(fill(template, 'b'));
  } catch {
    return refused('malformed');
  }
  if (first.protocol !== 'https:' && first.protocol !== 'http:') return refused('not-https');
  if (first.protocol === 'http:' && !isLoopbackHost(first.hostname)) return refused('plain-http');
  if (first.username || first.password || second.username || second.password) return refused('user-info');
  if (first.origin !== second.origin) return refused('placeholder-in-host');
  return { ok: true, template };
}

/**
 * A project's link, or why it has none although the workspace has a template: the id, URL-encoded, would
 * change the link's address instead of naming a project. `.` and `..` are path segments of their own
 * (`…/projects/../review` opens `…/review`), an empty one names no project, and an id with a lone
 * surrogate half cannot be encoded at all.
 */
export type ProjectLink = { href: string } | { refused: MessageRef };

const REWRITES_THE_ADDRESS = new Set(['', '.', '..']);

/**
 * The link to a project's page: the template with the id in place, URL-encoded (`encodeURIComponent`),
 * or its refusal (above). The template is the one the background serves with the connection's status,
 * which holds only a template that passes the check above (connection-status.ts); the popup's bundle
 * carries only this. Undefined without a template or an id, and for anything but an http(s) address,
 * so that no page ever links to `javascript:`.
 */
export function projectLinkOf(template: string | undefined, projectId: string | undefined): ProjectLink | undefined {
  if (!template || !projectId || !/^https?:\/\//i.test(template)) return undefined;
  const encoded = uriEncoded(projectId);
  if (encoded === undefined || REWRITES_THE_ADDRESS.has(encoded))
    return { refused: text('projectLinkIdRefused', projectId) };
  return { href: fill(template, encoded) };
}

/** The link's address alone (an export's column): undefined where projectLinkOf gives none or refuses one. */
export function projectLinkFor(template: string | undefined, projectId: string | undefined): string | undefined {
  const link = projectLinkOf(template, projectId);
  return link && 'href' in link ? link.href : undefined;
}
