import { gzipSync } from 'node:zlib';
import { escapeHtml } from './pages.ts';
import type { Reply } from './types.ts';

/** Where the sandbox's sample site keeps its sitemaps and feeds (robots.txt, at the root, names them). */
export const SITE_PREFIX = '/site/';
/** The usual address of a site's sitemap, at its root: the sample site's index (what the start-up output prints). */
export const SITE_SITEMAP_PATH = '/sitemap.xml';

/** Children of the site's index: three gzip files served as files, one moved (a redirect on the site). */
const GZ_CHILDREN = [1, 2, 3].map((n) => `sitemap-${n}.xml.gz`);
/** Pages in each gzip child. */
export const PAGES_PER_GZ_CHILD = 3;

/** The site's pages under a name (`/pages/<name>-gz1-1`…): a test gives its own, so that each run's pages are new. */
export interface SiteOptions {
  origin: string;
  pageName: string;
}

const page = ({ origin, pageName }: SiteOptions, part: string, n: number) =>
  `${origin}/pages/${encodeURIComponent(`${pageName}-${part}-${n}`)}`;
const pages = (site: SiteOptions, part: string, count: number) =>
  Array.from({ length: count }, (_, i) => page(site, part, i + 1));

/** The same sandbox under this computer's other name: another site, for Fetch sitemap. */
const otherHostName = (origin: string) =>
  origin.includes('//127.0.0.1')
    ? origin.replace('//127.0.0.1', '//localhost')
    : origin.replace('//localhost', '//127.0.0.1');

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlset = (urls: string[]) =>
  `${xmlHead}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
const index = (urls: string[]) =>
  `${xmlHead}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <sitemap><loc>${escapeHtml(url)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;

const xml = (body: string, type = 'application/xml'): Reply => ({
  status: 200,
  headers: { 'content-type': `${type}; charset=utf-8` },
  body,
});
const redirect = (status: number, location: string): Reply => ({ status, headers: { location }, body: '' });

/**
 * The robots.txt of the sample site: its `Sitemap:` lines in several spellings, and two on other sites
 * (another port of this computer, another host) that Fetch sitemap must not request.
 */
export function siteRobots({ origin }: SiteOptions): Reply {
  const lines = [
    '# The review sandbox as a site: Fetch sitemap with its address reads the sitemaps named here.',
    'User-agent: *',
    'Disallow:',
    '',
    `Sitemap: ${origin}${SITE_PREFIX}sitemap_index.xml`,
    `sitemap :${origin}${SITE_PREFIX}news.rss`,
    `SITEMAP:${origin}${SITE_PREFIX}posts.atom`,
    `Sitemap: ${origin}${SITE_PREFIX}cut.xml`,
    'Sitemap: http://127.0.0.1:9/sitemap.xml',
    'Sitemap: https://other.example/sitemap.xml',
    '',
  ];
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: lines.join('\n') };
}

/** What the site's addresses give: every page a Fetch sitemap of the site must find, in the order it finds them. */
export function sitePages(site: SiteOptions): string[] {
  return [
    ...GZ_CHILDREN.flatMap((_, i) => pages(site, `gz${i + 1}`, PAGES_PER_GZ_CHILD)),
    ...pages(site, 'moved', 2),
    ...pages(site, 'news', 2),
    ...pages(site, 'post', 2),
    ...pages(site, 'cut', 4),
  ];
}

/**
 * The sample site's documents under SITE_PREFIX: the index of gzip children (served as
 * `application/octet-stream`, no Content-Encoding), a child moved on the site, children redirected to
 * another port and another host name, an RSS and an Atom feed, a sitemap cut inside its fifth entry,
 * a text sitemap, and `slow.xml?ms=N` (answered after N ms, for Cancel and a page closed mid-fetch).
 */
export async function renderSite(
  name: string,
  query: string,
  site: SiteOptions,
  wait: (ms: number) => Promise<boolean>,
): Promise<Reply | undefined> {
  const { origin } = site;
  const gz = /^sitemap-([123])\.xml\.gz$/.exec(name);
  if (gz) {
    const body = gzipSync(urlset(pages(site, `gz${gz[1]}`, PAGES_PER_GZ_CHILD)));
    return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body };
  }
  switch (name) {
    case 'sitemap_index.xml':
      return xml(
        index([
          ...GZ_CHILDREN.map((child) => `${origin}${SITE_PREFIX}${child}`),
          `${origin}${SITE_PREFIX}moved.xml`,
          `${origin}${SITE_PREFIX}elsewhere.xml`,
          `${origin}${SITE_PREFIX}other-host.xml`,
        ]),
      );
    case 'moved.xml':
      return redirect(301, `${SITE_PREFIX}moved-here.xml`);
    case 'moved-here.xml':
      return xml(urlset(pages(site, 'moved', 2)));
    case 'elsewhere.xml':
      return redirect(302, 'http://127.0.0.1:9/sitemap.xml');
    case 'other-host.xml':
      return redirect(302, `${otherHostName(origin)}${SITE_PREFIX}sitemap-1.xml.gz`);
    case 'news.rss': {
      const items = pages(site, 'news', 2).map(
        (url, i) => `<item><title>News ${i + 1}</title><link>${url}</link></item>`,
      );
      return xml(
        `${xmlHead}<rss version="2.0"><channel><title>Sandbox news</title><link>${origin}/</link>${items.join('')}</channel></rss>\n`,
        'application/rss+xml',
      );
    }
    case 'posts.atom': {
      const entries = pages(site, 'post', 2).map(
        (url, i) => `<entry><title>Post ${i + 1}</title><link rel="alternate" href="${url}"/></entry>`,
      );
      return xml(
        `${xmlHead}<feed xmlns="http://www.w3.org/2005/Atom"><title>Sandbox posts</title><link href="${origin}/"/>${entries.join('')}</feed>\n`,
        'application/atom+xml',
      );
    }
    case 'cut.xml': {
      const whole = urlset(pages(site, 'cut', 5));
      return xml(whole.slice(0, whole.indexOf(`${site.pageName}-cut-5`) + 3));
    }
    case 'sitemap.txt':
      return {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: `${pages(site, 'text', 3).join('\n')}\n`,
      };
    case 'slow.xml': {
      const ms = Number(new URLSearchParams(query).get('ms') ?? '5000');
      if (!(await wait(Number.isFinite(ms) ? Math.min(ms, 60_000) : 5000))) return undefined;
      return xml(urlset(pages(site, 'slow', 2)));
    }
    default:
      return undefined;
  }
}
