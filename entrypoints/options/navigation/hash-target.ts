// Nothing from the section table, not even its types: the sections import this module, and the table
// imports the sections (the layer rules forbid that cycle). test/unit/options/section-table.test.ts
// checks that every sectionHref(…) of the code names a row of the table and one of its targets.

/**
 * The part of a section an address points at, after a slash: `#connection/user-group-api` is the
 * connection section with focus in the user group API's first field. Undefined when there is none.
 */
export function targetOfHash(hash: string): string | undefined {
  const target = hash.replace(/^#/, '').split('/')[1];
  return target ? target : undefined;
}

/**
 * A link to a section, or to a part of one that its row in the section table names:
 * `sectionHref('connection', 'user-group-api')` is `#connection/user-group-api`.
 */
export function sectionHref(section: string, target?: string): string {
  return target ? `#${section}/${target}` : `#${section}`;
}
