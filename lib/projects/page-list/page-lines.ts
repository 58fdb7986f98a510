import Papa from 'papaparse';

/** An address as listed, before it is checked: `line` counts from 1 in its list or file. */
export interface ListedPage {
  line: number;
  url: string;
  /** The name given after the address, if any. */
  name?: string;
}

/** Text and files bigger than this are refused before they are read: 2,000 long addresses take well under 5 MiB. */
export const MAX_PAGE_LIST_BYTES = 5 * 1024 * 1024;
/** Lines past this many are not read (the job takes at most MAX_REGISTER_PAGES; this leaves room for duplicates). */
export const MAX_PAGE_LIST_LINES = 20_000;

function listed(line: number, url: string, name: string | undefined): ListedPage {
  const trimmed = name?.trim();
  return { line, url: url.trim(), ...(trimmed ? { name: trimmed } : {}) };
}

/**
 * Pasted addresses (or a plain text file): one a line, an optional name after a tab or a comma.
 * A tab wins; otherwise the first comma followed by a space, else the first comma (an address with a
 * comma keeps it when its name follows a tab). Blank lines and lines starting with `#` are skipped.
 */
export function parsePageText(text: string): ListedPage[] {
  const pages: ListedPage[] = [];
  const lines = text.split(/\r\n|\r|\n/, MAX_PAGE_LIST_LINES);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const tab = raw.indexOf('\t');
    if (tab >= 0) return void pages.push(listed(index + 1, raw.slice(0, tab), raw.slice(tab + 1)));
    const spaced = line.indexOf(', ');
    const comma = spaced >= 0 ? spaced : line.indexOf(',');
    pages.push(
      comma >= 0 ? listed(index + 1, line.slice(0, comma), line.slice(comma + 1)) : listed(index + 1, line, undefined),
    );
  });
  return pages;
}

/** A CSV with the columns `url,name` (a header row `url,name` is optional; `name` may be empty). */
export function parsePageCsv(text: string): ListedPage[] {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: MAX_PAGE_LIST_LINES });
  const pages: ListedPage[] = [];
  data.forEach((cells, index) => {
    const [url = '', name] = cells;
    if (index === 0 && url.trim().toLowerCase() === 'url') return;
    if (url.trim() === '' && !name?.trim()) return;
    pages.push(listed(index + 1, url, name));
  });
  return pages;
}

export type PageFileKind = 'sitemap' | 'csv' | 'text';

/**
 * What a chosen file is (its name without `.gz`, and its text once decompressed): XML (a sitemap, an
 * index or a feed: `.xml`, `.rss`, `.atom`, or text that starts with an element), `.csv` or a
 * `url,name` header a CSV, anything else plain text.
 */
export function pageFileKind(fileName: string, text: string): PageFileKind {
  const name = fileName.replace(/\.gz$/i, '');
  const start = text
    .replace(/^\ufeff/, '')
    .trimStart()
    .slice(0, 200)
    .toLowerCase();
  if (/\.(xml|rss|atom)$/i.test(name) || start.startsWith('<')) return 'sitemap';
  if (/\.csv$/i.test(name) || /^"?url"?\s*,/.test(start)) return 'csv';
  return 'text';
}
