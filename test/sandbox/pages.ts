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
