import type { ComponentType } from 'react';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import type { MessageKey } from '@/lib/i18n';
import { onDemand } from '@/components/on-demand';
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

/** What a row of the table says about its section. */
type SectionRowShape = {
  /** Its route (`options.html#<id>`), also the name of its folder, `sections/<id>/`. */
  id: string;
  /** Its link in the navigation (`navigation/SectionNav.tsx`). */
  label: MessageKey;
  /**
   * Parts of it an address can point at, after a slash (`#connection/project-api`): the part that
   * calls `useFocusWhenTargeted` with that name takes focus on arrival.
   */
  targets: readonly string[];
  /** Routes of earlier versions that still land here (popup links, notifications, bookmarks). */
  formerIds: readonly string[];
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
 * The options page's sections, in navigation order: the navigation, the section shown
 * (`page/WorkspaceSections.tsx`) and the address parser (`navigation/hash-route.ts`) all read this.
 * A new section is a folder `sections/<id>/`, one row here and its label in `_locales/`.
 */
const TABLE = [
  {
    id: 'start',
    label: 'navStart',
    Component: StartSection,
    needsStatus: true,
    targets: [],
    formerIds: [],
    showsRegistry: true,
  },
  {
    id: 'projects',
    label: 'navProjects',
    Component: ProjectsSection,
    needsStatus: false,
    targets: [],
    formerIds: ['history', 'project-history'],
    showsRegistry: false,
  },
  {
    id: 'groups',
    label: 'navGroups',
    Component: GroupsSection,
    needsStatus: false,
    targets: ['due'],
    formerIds: [],
    showsRegistry: true,
  },
  {
    id: 'connection',
    label: 'navConnection',
    Component: ConnectionSection,
    needsStatus: true,
    targets: ['project-api', 'user-group-api', 'unlock'],
    formerIds: [],
    showsRegistry: true,
  },
  {
    id: 'backup',
    label: 'navBackup',
    Component: BackupSection,
    needsStatus: false,
    targets: [],
    formerIds: [],
    showsRegistry: true,
  },
  {
    id: 'activity',
    label: 'navActivity',
    Component: ActivitySection,
    needsStatus: false,
    targets: [],
    formerIds: [],
    showsRegistry: false,
  },
  {
    id: 'about',
    label: 'navAbout',
    Component: AboutSection,
    needsStatus: false,
    targets: [],
    formerIds: [],
    showsRegistry: false,
  },
] as const satisfies readonly SectionRowShape[];

/** A section's route: `start`, `projects`, `groups`, `connection`, `backup`, `activity`, `about`. */
export type Section = (typeof TABLE)[number]['id'];
export type SectionRow = SectionRowShape & { id: Section };

export const SECTION_TABLE: readonly SectionRow[] = TABLE;

/** The section an address without one shows: the start page says what is set up and what is next. */
export const DEFAULT_SECTION: Section = 'start';

/** The row of a section. */
export const sectionRow = (id: Section): SectionRow => SECTION_TABLE.find((row) => row.id === id) ?? SECTION_TABLE[0]!;
