import type { Reply } from './types.ts';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Decodes the slug of `/pages/<slug>`; undefined when it is missing, nested or badly encoded. */
export function pageSlug(path: string): string | undefined {
  const raw = path.slice('/pages/'.length);
  if (raw === '' || raw.includes('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** "A page the reviewer is on": its title is what the popup should prefill. */
export function renderPage(slug: string, title: string | null): Reply {
  const heading = escapeHtml(title ?? `Sandbox page ${slug}`);
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>' + heading + '</title></head>',
    '<body><h1>' + heading + '</h1><p>A page of the local review sandbox.</p></body>',
    '</html>',
    '',
  ].join('\n');
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
}

/** Where the sandbox shows a project, as a review service's web app would: `/app/projects/<id>`. */
export const PROJECT_PAGE_PREFIX = '/app/projects/';

/** Decodes the id of `/app/projects/<id>`; undefined when it is missing, nested or badly encoded. */
export function projectPageId(path: string): string | undefined {
  const raw = path.slice(PROJECT_PAGE_PREFIX.length);
  if (raw === '' || raw.includes('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * A project's page (the target of the extension's **Open project** when its project link is
 * `{origin}/app/projects/{projectId}`): its name, id and address; 404 for an id the sandbox does not hold.
 */
export function renderProjectPage(
  projectId: string,
  project: { projectName: string; projectUrl: string } | undefined,
): Reply {
  const title = escapeHtml(project ? project.projectName : 'Unknown project');
  const body = project
    ? `<p>Project ID: <code id="project-id">${escapeHtml(projectId)}</code></p>` +
      `<p>Page: <a href="${escapeHtml(project.projectUrl)}">${escapeHtml(project.projectUrl)}</a></p>`
    : `<p>The sandbox holds no project <code>${escapeHtml(projectId)}</code>.</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>' + title + '</title></head>',
    '<body><h1>' + title + '</h1>' + body + '</body>',
    '</html>',
    '',
  ].join('\n');
  return { status: project ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
}

/** Pages a sample sitemap lists: `/pages/<prefix>-1` … `/pages/<prefix>-<count>`. */
function pageUrls(origin: string, prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${origin}/pages/${prefix}-${index + 1}`);
}

const xml = (body: string): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/xml; charset=utf-8' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`,
});

function urlset(urls: readonly string[]): Reply {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`).join('\n');
  return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>`);
}

/**
 * Sample sitemaps for Register pages: `/sitemaps/sitemap.xml?count=N` (N pages, 10 unless said, at
 * most 5,000), `/sitemaps/index.xml` (a sitemap index of `part-1.xml` and `part-2.xml`, 5 pages
 * each, and one sitemap on another site, which the extension must not follow).
 */
export function renderSitemap(path: string, query: string, origin: string): Reply | undefined {
  if (path === '/sitemaps/sitemap.xml') {
    const asked = Number(new URLSearchParams(query).get('count') ?? '10');
    const count = Number.isInteger(asked) ? Math.min(Math.max(asked, 0), 5000) : 10;
    return urlset(pageUrls(origin, 'site', count));
  }
  const part = /^\/sitemaps\/part-([12])\.xml$/.exec(path);
  if (part) return urlset(pageUrls(origin, `part${part[1]}`, 5));
  if (path === '/sitemaps/index.xml') {
    const children = [
      `${origin}/sitemaps/part-1.xml`,
      `${origin}/sitemaps/part-2.xml`,
      'https://other.example/sitemap.xml',
    ];
    const entries = children.map((url) => `  <sitemap><loc>${escapeHtml(url)}</loc></sitemap>`).join('\n');
    return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>`);
  }
  return undefined;
}
