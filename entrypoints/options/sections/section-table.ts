import type { ComponentType } from 'react';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import type { MessageKey } from '@/lib/i18n';
import { onDemand } from '@/components/on-demand';
import { SECTION_ROUTES, type Section, type SectionRoute } from '@/lib/url/section-routes';
import { Loading } from '../shared/Loading';
// In the table's order, which is also the order of the sections' style sheets in the page's CSS (a
// section loaded on demand brings its style sheet when it arrives, after the others: keep those last).
import { StartSection } from './start/StartSection';
import { GroupsSection } from './groups/GroupsSection';

// The sections opened now and then are loaded when first shown, each its own chunk, so that the page's
// first load carries only the start page and user groups (docs/performance.md, "Bundle sizes"); the
// projects section too, so that a page opened on the user groups (popup, notifications, bookmarks)
// evaluates no code of it before its first rows.
// Each says "Loading…" meanwhile (components/on-demand.tsx), and focus waits for the heading.
const ProjectsSection = onDemand(async () => (await import('./projects/ProjectsSection')).ProjectsSection, Loading);
const ConnectionSection = onDemand(
  async () => (await import('./connection/ConnectionSection')).ConnectionSection,
  Loading,
);
const BackupSection = onDemand(async () => (await import('./backup/BackupSection')).BackupSection, Loading);
const ActivitySection = onDemand(async () => (await import('./activity/ActivitySection')).ActivitySection, Loading);
const AboutSection = onDemand(async () => (await import('./about/AboutSection')).AboutSection, Loading);

/** What the page shows for a route (lib/url/section-routes.ts): its link and its component. */
type SectionPage = {
  /** Its link in the navigation (`navigation/SectionNav.tsx`). */
  label: MessageKey;
  /**
   * Whether it shows the user groups' registry (or its count): the page reads every part of it only
   * once such a section is shown (lib/stores/user-group-store.ts, `showRegistry`).
   */
  showsRegistry: boolean;
} & (
  | {
      /** Shown once the workspace's connection status is read; until then the page says it is loading. */
      needsStatus: true;
      Component: ComponentType<{ status: ConnectionStatus }>;
    }
  | { needsStatus: false; Component: ComponentType }
);

/**
 * Each route's page, keyed by the route: a route without its entry here (or an entry without a route)
 * fails the type check. A new section is a folder `sections/<id>/`, its route in SECTION_ROUTES, its
 * entry here and its label in `_locales/`.
 */
const PAGES = {
  start: { label: 'navStart', Component: StartSection, needsStatus: true, showsRegistry: true },
  projects: { label: 'navProjects', Component: ProjectsSection, needsStatus: false, showsRegistry: false },
  groups: { label: 'navGroups', Component: GroupsSection, needsStatus: false, showsRegistry: true },
  connection: { label: 'navConnection', Component: ConnectionSection, needsStatus: true, showsRegistry: true },
  backup: { label: 'navBackup', Component: BackupSection, needsStatus: false, showsRegistry: true },
  activity: { label: 'navActivity', Component: ActivitySection, needsStatus: false, showsRegistry: false },
  about: { label: 'navAbout', Component: AboutSection, needsStatus: false, showsRegistry: false },
} as const satisfies { readonly [S in Section]: SectionPage };

/** A section: its route (id, targets, former ids) and its page. */
export type SectionRow = SectionRoute & SectionPage;

/**
 * The options page's sections, in navigation order: the navigation, the section shown
 * (`page/WorkspaceSections.tsx`) and the address parser (`navigation/hash-route.ts`) all read this.
 */
export const SECTION_TABLE: readonly SectionRow[] = SECTION_ROUTES.map((route) => ({ ...route, ...PAGES[route.id] }));

/** The row of a section. */
export const sectionRow = (id: Section): SectionRow => SECTION_TABLE.find((row) => row.id === id) ?? SECTION_TABLE[0]!;
