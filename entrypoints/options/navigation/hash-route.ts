import { z } from 'zod/mini';
import { DEFAULT_SECTION, SECTION_TABLE, type Section } from '../sections/section-table';

/** The routes of the section table: each section has its own address, `options.html#<section>`. */
export const sectionSchema = z.enum(SECTION_TABLE.map((row) => row.id));

/** Addresses of earlier versions, which the popup, notifications and bookmarks may still use. */
const FORMER_ADDRESSES: ReadonlyMap<string, Section> = new Map(
  SECTION_TABLE.flatMap((row) => row.formerIds.map((former) => [former, row.id] as const)),
);

/** The section an address's hash names (`#groups`), or the default for none or an unknown one. */
export function sectionOfHash(hash: string): Section {
  const name = hash.replace(/^#/, '').split(/[?&/]/)[0]?.toLowerCase() ?? '';
  const parsed = sectionSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  return FORMER_ADDRESSES.get(name) ?? DEFAULT_SECTION;
}
