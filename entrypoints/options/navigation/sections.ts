import { z } from 'zod/mini';

/** The options page's sections, in navigation order; each has its own address, `options.html#<section>`. */
export const SECTIONS = ['start', 'projects', 'groups', 'connection', 'backup', 'about'] as const;
export const sectionSchema = z.enum(SECTIONS);
export type Section = z.infer<typeof sectionSchema>;

/** The section an address without one shows: the start page says what is set up and what is next. */
export const DEFAULT_SECTION: Section = 'start';

/** Addresses of earlier versions, which the popup, notifications and bookmarks may still use. */
const FORMER_ADDRESSES: Readonly<Record<string, Section>> = { history: 'projects', 'project-history': 'projects' };

/** The section an address's hash names (`#groups`), or the default for none or an unknown one. */
export function sectionOfHash(hash: string): Section {
  const name = hash.replace(/^#/, '').split(/[?&/]/)[0]?.toLowerCase() ?? '';
  const parsed = sectionSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  return FORMER_ADDRESSES[name] ?? DEFAULT_SECTION;
}

/**
 * The part of a section an address points at, after a slash: `#connection/user-group-api` is the
 * connection section with focus in the user group API's first field. Undefined when there is none.
 */
export function targetOfHash(hash: string): string | undefined {
  const target = hash.replace(/^#/, '').split('/')[1];
  return target ? target : undefined;
}
