import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from '@/components/TextField';
import { plural, t, uiLanguage } from '@/lib/i18n';
import { fetchSitemap, MAX_SITEMAP_CHILDREN, type SitemapProblem } from '@/lib/projects/page-list/fetch-sitemap';
import {
  MAX_PAGE_LIST_BYTES,
  pageFileKind,
  parsePageCsv,
  parsePageText,
  type ListedPage,
} from '@/lib/projects/page-list/page-lines';
import { MAX_SITEMAP_BYTES, parseSitemap } from '@/lib/projects/page-list/sitemap';
import { fileTooLarge } from '../../shared/file-size';

/** The page's own XML parser: sitemaps are parsed here, never in the service worker (it has no DOMParser). */
const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

const megabytes = (bytes: number) =>
  new Intl.NumberFormat(uiLanguage(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );

/** Listed pages as lines of Page addresses: the address, and its name after a tab when it has one. */
const asLines = (pages: readonly ListedPage[]) =>
  pages.map((page) => (page.name ? `${page.url}\t${page.name}` : page.url)).join('\n');

/** Why a sitemap was not read, as the end of a sentence ("it is on another site"). */
function problemText(problem: SitemapProblem | 'tooMany', status?: number): string {
  switch (problem) {
    case 'notAddress':
      return t('sitemapNotAddress');
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
    case 'otherOrigin':
      return t('sitemapOtherOrigin');
    case 'nestedIndex':
      return t('sitemapNestedIndex');
    case 'tooMany':
      return t('sitemapTooMany', MAX_SITEMAP_CHILDREN);
  }
}

interface SourceProps {
  /** Lines for Page addresses, and what to tell the user about them. */
  onFound: (lines: string, message: string) => void;
  onProblem: (message: string) => void;
}

/**
 * Pages from file: a sitemap (or an index: its addresses are sitemaps, which only Fetch sitemap
 * reads), a CSV `url,name`, or plain text; what it lists goes into Page addresses.
 */
export function PagesFromFile({ onFound, onProblem, onChoosing }: SourceProps & { onChoosing: () => void }) {
  const inputId = useId();
  const [resetKey, setResetKey] = useState(0);

  const choose = async (file: File | undefined) => {
    onChoosing();
    if (!file) return;
    setResetKey((key) => key + 1);
    const tooLarge = fileTooLarge(file, Math.max(MAX_PAGE_LIST_BYTES, MAX_SITEMAP_BYTES));
    if (tooLarge) return onProblem(tooLarge);
    const text = await file.text();
    const kind = pageFileKind(file.name, text);
    if (kind !== 'sitemap' && file.size > MAX_PAGE_LIST_BYTES)
      return onProblem(t('registerFileTooBig', file.name, megabytes(MAX_PAGE_LIST_BYTES)));
    let pages: ListedPage[];
    if (kind === 'sitemap') {
      const sitemap = parseSitemap(text, parseXml);
      if (sitemap.kind === 'invalid') return onProblem(t('sitemapFailed', file.name, problemText(sitemap.reason)));
      if (sitemap.kind === 'index') return onProblem(t('sitemapFailed', file.name, problemText('nestedIndex')));
      pages = sitemap.urls.map((url, index) => ({ line: index + 1, url }));
    } else {
      pages = kind === 'csv' ? parsePageCsv(text) : parsePageText(text);
    }
    if (pages.length === 0) return onProblem(t('registerFileEmpty', file.name));
    onFound(asLines(pages), plural('registerFileRead', pages.length, file.name));
  };

  return (
    <div className="field">
      <label htmlFor={inputId}>{t('registerFile')}</label>
      <input
        key={resetKey}
        id={inputId}
        type="file"
        accept=".xml,.csv,.txt,application/xml,text/xml,text/csv,text/plain"
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p id={`${inputId}-hint`} className="hint">
        {t('registerFileHint')}
      </p>
    </div>
  );
}

/** The match pattern for a site's host access (match patterns carry no port). */
function originPattern(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? `${url.protocol}//${url.hostname}/*` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sitemap address and Fetch sitemap. The page reads the sitemap itself: it has DOMParser (the worker
 * has none) and nothing secret is involved. Host access for the sitemap's site is asked for in the
 * click (the first thing it awaits, or the browser refuses to ask) and given back afterwards, also on
 * failure, unless the extension held it before (the service's own address, for one).
 */
export function SitemapFetch({ onFound, onProblem, onStarting }: SourceProps & { onStarting: () => void }) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  // Whether the extension already had access to the address's site: read as the address changes,
  // because nothing may be awaited in the click before the request.
  const heldBefore = useRef<{ pattern: string; held: boolean }>(undefined);
  const pattern = originPattern(address);

  useEffect(() => {
    if (!pattern) return;
    let current = true;
    browser.permissions.contains({ origins: [pattern] }).then(
      (held) => {
        if (current) heldBefore.current = { pattern, held };
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [pattern]);

  const fetchIt = async () => {
    onStarting();
    if (!pattern) return onProblem(t('sitemapNotAddress'));
    const origin = new URL(address.trim()).origin;
    // The first await of the click: the browser asks only while the click's user activation lasts.
    const granted = await browser.permissions.request({ origins: [pattern] }).catch(() => false);
    if (!granted) return onProblem(t('sitemapAccessRefused', origin));
    // Not known in time (the check had not answered): keep what may have been held before.
    const release = heldBefore.current?.pattern === pattern && !heldBefore.current.held;
    setBusy(true);
    try {
      const result = await fetchSitemap(address.trim(), (input, init) => fetch(input, init), parseXml);
      if (!result.ok) return onProblem(t('sitemapFailed', address.trim(), problemText(result.problem, result.status)));
      const { urls, read, skipped } = result.value;
      const notRead = skipped.map((child) =>
        t('registerSitemapSkipped', child.address, problemText(child.problem, child.status)),
      );
      if (urls.length === 0) return onProblem([t('registerFileEmpty', address.trim()), ...notRead].join(' '));
      const lines = urls.join('\n');
      onFound(lines, [plural('registerSitemapRead', urls.length, read.length), ...notRead].join(' '));
    } finally {
      setBusy(false);
      if (release) await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
    }
  };

  return (
    <div className="sitemap-fetch">
      <TextField
        label={t('registerSitemapAddress')}
        type="url"
        inputMode="url"
        value={address}
        onChange={setAddress}
        hint={t('registerSitemapHint')}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void fetchIt();
        }}
      />
      <button type="button" disabled={busy || address.trim() === ''} aria-busy={busy} onClick={() => void fetchIt()}>
        {t('registerFetchSitemap')}
      </button>
    </div>
  );
}
