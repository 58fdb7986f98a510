import { bodyBytes, readDocumentText, type DocumentText } from './document-text';
import { MAX_REDIRECTS, type FetchedDocument, type FetchProblem } from './fetch-document';
import { isOnSite } from './site-address';

/** Asks the background for one address (./fetch-document.ts, over Fetch sitemap's port). */
export type AskDocument = (url: string) => Promise<FetchedDocument>;

/** The Location of the redirect just answered for `url` (./redirect-watch.ts), undefined when it cannot be known. */
export type LocationOf = (url: string) => Promise<string | undefined>;

/** Why a document was not read: the background's reasons, and the redirects' own. */
export type DocumentProblem =
  Exclude<FetchProblem, 'redirect'> | 'redirectOff' | 'redirectUnknown' | 'tooManyRedirects';

export type ReadDocument =
  ({ ok: true; url: string } & DocumentText) | { ok: false; problem: DocumentProblem; status?: number };

/**
 * One document of a fetch, redirects followed by hand: each next address is checked (isOnSite: the
 * site the fetch started at, `https:`, plain http only on this computer) before it is asked for, and
 * the background checks it again before it requests it; at most MAX_REDIRECTS. The body the
 * background hands over is gunzipped and decoded here.
 */
export async function readDocument(
  address: string,
  start: URL,
  ask: AskDocument,
  locationOf: LocationOf,
): Promise<ReadDocument> {
  let url = URL.parse(address);
  for (let hop = 0; ; hop++) {
    if (!url || !isOnSite(start, url)) return { ok: false, problem: hop ? 'redirectOff' : 'otherSite' };
    const answer = await ask(url.href);
    if (answer.ok) {
      const read = await readDocumentText({ bytes: bodyBytes(answer.body), cut: answer.cut });
      return read === 'tooBig' ? { ok: false, problem: 'tooBig' } : { ok: true, url: answer.url, ...read };
    }
    if (answer.problem !== 'redirect') return { ok: false, problem: answer.problem, status: answer.status };
    if (hop === MAX_REDIRECTS) return { ok: false, problem: 'tooManyRedirects' };
    const location = await locationOf(url.href);
    if (location === undefined) return { ok: false, problem: 'redirectUnknown' };
    url = URL.parse(location, url);
  }
}
