import { plural, t, uiLanguage } from '@/lib/i18n';
import { MAX_REDIRECTS, MAX_SITEMAP_TRIES } from '@/lib/projects/page-list/fetch-document';
import { MAX_SITEMAP_BYTES } from '@/lib/projects/page-list/document-text';
import type { SiteRead, SitemapProblem } from '@/lib/projects/page-list/read-site';
import type { SiteAddress } from '@/lib/projects/page-list/site-address';
import { MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';

export const megabytes = (bytes: number) =>
  new Intl.NumberFormat(uiLanguage(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );

/** Why a sitemap was not read, as the end of a sentence ("it is on another site"). */
export function problemText(problem: SitemapProblem, status?: number): string {
  switch (problem) {
    case 'unreachable':
      return t('sitemapUnreachable');
    case 'status':
      return t('sitemapStatus', String(status ?? 0));
    case 'tooBig':
      return t('sitemapTooBig', megabytes(MAX_SITEMAP_BYTES));
    case 'notXml':
      return t('sitemapNotXml');
    case 'notSitemap':
      return t('sitemapNotSitemap');
    case 'otherSite':
      return t('sitemapOtherOrigin');
    case 'redirectOff':
      return t('sitemapRedirectOff');
    case 'redirectUnknown':
      return t('sitemapRedirectUnknown');
    case 'tooManyRedirects':
      return t('sitemapTooManyRedirects', MAX_REDIRECTS);
    case 'nestedIndex':
      return t('sitemapNestedIndex');
    case 'tooMany':
      return t('sitemapTooMany', MAX_SITEMAP_TRIES);
  }
}

/** What a read left aside, each in a sentence: documents that end early, addresses past the bound, sitemaps not read. */
export function readNotes(read: Pick<SiteRead, 'endedEarly' | 'leftOut' | 'skipped'>): string[] {
  const { first, count } = read.skipped;
  return [
    ...read.endedEarly.map(({ address, complete, entries }) =>
      plural(entries === 'pages' ? 'sitemapEndsEarly' : 'sitemapIndexEndsEarly', complete, address),
    ),
    ...(read.leftOut > 0 ? [plural('registerPagesLeftOut', read.leftOut, MAX_REGISTER_PAGES)] : []),
    ...first.map((skipped) =>
      t('registerSitemapSkipped', skipped.address, problemText(skipped.problem, skipped.status)),
    ),
    ...(count > first.length ? [plural('registerSitemapSkippedMore', count - first.length)] : []),
  ];
}

/**
 * What Fetch sitemap says once it has read: how many addresses went into Page addresses from how many
 * sitemaps, and where a site's sitemaps were found; or that it found none. `timeUpSeconds`: its time
 * bound stopped it.
 */
export function siteReadMessage(
  start: SiteAddress,
  read: SiteRead,
  timeUpSeconds?: number,
): { ok: boolean; text: string } {
  const notes = [...readNotes(read), ...(timeUpSeconds === undefined ? [] : [t('sitemapTimeUp', timeUpSeconds)])];
  if (read.pages.length === 0) {
    const none = start.site ? t('siteNoSitemap', start.url.origin) : t('registerFileEmpty', start.url.href);
    return { ok: false, text: [none, ...notes].join(' ') };
  }
  const found =
    read.found && t(read.found.via === 'robots' ? 'siteSitemapsFromRobots' : 'siteSitemapAtUsual', read.found.address);
  const counted = plural('registerSitemapRead', read.pages.length, read.read.length);
  return { ok: true, text: [counted, ...(found ? [found] : []), ...notes].join(' ') };
}
