// The options page's sections as addresses (design.md §11): the one list of their routes. The page's
// section table (entrypoints/options/sections/section-table.ts) gives each its link text and component;
// everything that links to a section types its route from here: the page's own links, the popup, the
// background's notifications and the start page the install opens. A leaf (no React, no storage), so
// that all of them can read it.

interface SectionRouteShape {
  /** `options.html#<id>`, also the name of the section's folder, `entrypoints/options/sections/<id>/`. */
  id: string;
  /**
   * Parts of it an address can point at, after a slash (`#connection/project-api`): the part that
   * calls `useFocusWhenTargeted` with that name takes focus on arrival.
   */
  targets: readonly string[];
  /** Routes of earlier versions that still land here (popup links, notifications, bookmarks). */
  formerIds: readonly string[];
}

/** The sections' routes, in navigation order. A new section is one row here and one in the section table. */
export const SECTION_ROUTES = [
  { id: 'start', targets: [], formerIds: [] },
  { id: 'projects', targets: [], formerIds: ['history', 'project-history'] },
  { id: 'groups', targets: ['due'], formerIds: [] },
  { id: 'connection', targets: ['project-api', 'user-group-api', 'unlock'], formerIds: [] },
  { id: 'backup', targets: [], formerIds: [] },
  { id: 'activity', targets: [], formerIds: [] },
  { id: 'about', targets: [], formerIds: [] },
] as const satisfies readonly SectionRouteShape[];

type Routes = (typeof SECTION_ROUTES)[number];

/** A section's route: `start`, `projects`, `groups`, `connection`, `backup`, `activity`, `about`. */
export type Section = Routes['id'];

/** The parts of section `S` an address can point at (`'due'` for `groups`; none for `start`). */
export type SectionTarget<S extends Section = Section> = Extract<Routes, { id: S }>['targets'][number];

/** A section or a part of one, as an address's hash names it: `groups`, `groups/due`, `connection/unlock`. */
export type SectionAddress = { [S in Section]: S | `${S}/${SectionTarget<S>}` }[Section];

/** A row of SECTION_ROUTES, as code that reads any of them sees it. */
export type SectionRoute = { id: Section; targets: readonly SectionTarget[]; formerIds: readonly string[] };

/** The section an address without one shows: the start page says what is set up and what is next. */
export const DEFAULT_SECTION: Section = 'start';

/** `options.html?ws=<id>`: a link can open a given workspace, and a reload keeps the one shown. */
export const WORKSPACE_PARAM = 'ws';

/**
 * A link to a section, or to a part of one that its route names:
 * `sectionHref('connection', 'user-group-api')` is `#connection/user-group-api`.
 */
export function sectionHref<S extends Section>(section: S, target?: SectionTarget<S>): string {
  return target ? `#${section}/${target}` : `#${section}`;
}

/**
 * The options page at a section, as a path in the extension (`runtime.getURL` makes it an address),
 * in a given workspace or the one last shown: `/options.html?ws=a1b2#groups/due`.
 */
export function optionsPagePath<S extends Section>(
  section: S,
  where: { target?: SectionTarget<S> | undefined; workspaceId?: string } = {},
): `/options.html${string}` {
  const query = where.workspaceId === undefined ? '' : `?${WORKSPACE_PARAM}=${encodeURIComponent(where.workspaceId)}`;
  return `/options.html${query}${sectionHref(section, where.target)}`;
}
