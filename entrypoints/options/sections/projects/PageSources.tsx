import { useId, useState } from 'react';
import { TextField } from '@/components/TextField';
import { plural, t } from '@/lib/i18n';
import { readBoundedBytes } from '@/lib/api/bounded-body';
import { MAX_SITEMAP_BYTES, readDocumentText } from '@/lib/projects/page-list/document-text';
import { parsePageDocument } from '@/lib/projects/page-list/page-document';
import {
  MAX_PAGE_LIST_BYTES,
  pageFileKind,
  parsePageCsv,
  parsePageText,
  type ListedPage,
} from '@/lib/projects/page-list/page-lines';
import { MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';
import { fileTooLarge } from '../../shared/file-size';
import { megabytes, problemText, readNotes } from './sitemap-texts';
import { parseXml, useSiteFetch } from './use-site-fetch';

/** Listed pages as lines of Page addresses: the address, and its name after a tab when it has one. */
const asLines = (pages: readonly ListedPage[]) =>
  pages.map((page) => (page.name ? `${page.url}\t${page.name}` : page.url)).join('\n');

interface SourceProps {
  /** Lines for Page addresses, and what to tell the user about them. */
  onFound: (lines: string, message: string) => void;
  onProblem: (message: string) => void;
}

/** A sitemap or feed from a file: its pages (at most MAX_REGISTER_PAGES), or why none; an index's sitemaps are read only by Fetch sitemap. */
function sitemapFilePages(name: string, text: string, cut: boolean): { pages: ListedPage[]; notes: string[] } | string {
  const document = parsePageDocument(text, parseXml, cut);
  if (document.kind === 'invalid') return t('sitemapFailed', name, problemText(document.reason));
  if (document.kind === 'index') return t('sitemapFailed', name, problemText('nestedIndex'));
  const notes = readNotes({
    endedEarly: document.endsEarly ? [{ address: name, complete: document.urls.length, entries: 'pages' }] : [],
    leftOut: Math.max(0, document.urls.length - MAX_REGISTER_PAGES),
    skipped: { first: [], count: 0 },
  });
  return { pages: document.urls.slice(0, MAX_REGISTER_PAGES).map((url, index) => ({ line: index + 1, url })), notes };
}

/**
 * Pages from file: a sitemap or feed (gzip-compressed too, whatever its name), a CSV `url,name`, or
 * plain text; what it lists goes into Page addresses.
 */
export function PagesFromFile({ onFound, onProblem, onChoosing }: SourceProps & { onChoosing: () => void }) {
  const inputId = useId();
  const [resetKey, setResetKey] = useState(0);

  const choose = async (file: File | undefined) => {
    onChoosing();
    if (!file) return;
    setResetKey((key) => key + 1);
    const tooLarge = fileTooLarge(file, MAX_SITEMAP_BYTES);
    if (tooLarge) return onProblem(tooLarge);
    const read = await readDocumentText(await readBoundedBytes(file.stream(), MAX_SITEMAP_BYTES));
    if (read === 'tooBig') return onProblem(t('registerFileTooBig', file.name, megabytes(MAX_SITEMAP_BYTES)));
    const kind = pageFileKind(file.name, read.text);
    if (kind !== 'sitemap' && read.text.length > MAX_PAGE_LIST_BYTES)
      return onProblem(t('registerFileTooBig', file.name, megabytes(MAX_PAGE_LIST_BYTES)));
    const found =
      kind === 'sitemap'
        ? sitemapFilePages(file.name, read.text, read.cut)
        : { pages: kind === 'csv' ? parsePageCsv(read.text) : parsePageText(read.text), notes: [] };
    if (typeof found === 'string') return onProblem(found);
    if (found.pages.length === 0) return onProblem([t('registerFileEmpty', file.name), ...found.notes].join(' '));
    onFound(
      asLines(found.pages),
      [plural('registerFileRead', found.pages.length, file.name), ...found.notes].join(' '),
    );
  };

  return (
    <div className="field">
      <label htmlFor={inputId}>{t('registerFile')}</label>
      <input
        key={resetKey}
        id={inputId}
        type="file"
        accept=".xml,.gz,.rss,.atom,.csv,.txt,application/xml,text/xml,application/gzip,text/csv,text/plain"
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p id={`${inputId}-hint`} className="hint">
        {t('registerFileHint')}
      </p>
    </div>
  );
}

/**
 * Sitemap address and Fetch sitemap: a site, a sitemap (or index) or a feed, read through the
 * background (./use-site-fetch.ts); while it runs, Cancel fetch ends it.
 */
export function SitemapFetch({ onFound, onProblem, onStarting }: SourceProps & { onStarting: () => void }) {
  const [address, setAddress] = useState('');
  const { busy, cancel, fetchSite } = useSiteFetch({ onFound, onProblem });
  const start = () => {
    if (busy) return;
    onStarting();
    void fetchSite(address);
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
          if (event.key === 'Enter') start();
        }}
      />
      <button type="button" disabled={busy || address.trim() === ''} aria-busy={busy} onClick={start}>
        {t('registerFetchSitemap')}
      </button>
      {busy && (
        <button type="button" onClick={cancel}>
          {t('registerCancelFetch')}
        </button>
      )}
    </div>
  );
}
