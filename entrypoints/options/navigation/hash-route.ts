import { z } from 'zod/mini';
import { DEFAULT_SECTION, SECTION_ROUTES, type Section } from '@/lib/url/section-routes';

/** The sections' routes: each section has its own address, `options.html#<section>`. */
export const sectionSchema = z.enum(SECTION_ROUTES.map((route) => route.id));

/** Addresses of earlier versions, which the popup, notifications and bookmarks may still use. */
const FORMER_ADDRESSES: ReadonlyMap<string, Section> = new Map(
  SECTION_ROUTES.flatMap((route) => route.formerIds.map((former) => [former, route.id] as const)),
);

/** The section an address's hash names (`#groups`), or the default for none or an unknown one. */
export function sectionOfHash(hash: string): Section {
  const name = hash.replace(/^#/, '').split(/[?&/]/)[0]?.toLowerCase() ?? '';
  const parsed = sectionSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  return FORMER_ADDRESSES.get(name) ?? DEFAULT_SECTION;
}
