/**
 * The part of a section an address points at, after a slash: `#connection/user-group-api` is the
 * connection section with focus in the user group API's first field. Undefined when there is none.
 * (Links are made with `sectionHref`, lib/url/section-routes.ts.)
 */
export function targetOfHash(hash: string): string | undefined {
  const target = hash.replace(/^#/, '').split('/')[1];
  return target ? target : undefined;
}
