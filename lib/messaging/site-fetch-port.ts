import { z } from 'zod/mini';
import { fetchedDocumentSchema } from '../projects/page-list/fetch-document';

/**
 * The port one Fetch sitemap keeps open to the background (design.md §15): the background fetches each
 * document the page asks for, on the site the port was opened for only, and owns the temporary host
 * access. The port's end is the fetch's end (done, failed, cancelled, the page closed, or its time up
 * in the background): the access its click added is then given back.
 *
 * The page opens it once the click's access is granted and posts `{ id, url }` for each request, the
 * first one on the site the access was asked for; the background answers `{ id, document }`.
 */
export const SITE_FETCH_PORT = 'review-companion-site-fetch';

/** A fetch's time at most in the background, whatever its page does: its port is then closed. */
export const SITE_FETCH_MAX_MS = 120_000;

export const siteFetchRequestSchema = z.lazy(() => z.object({ id: z.number(), url: z.string() }));
export type SiteFetchRequest = z.infer<typeof siteFetchRequestSchema>;

export const siteFetchAnswerSchema = z.lazy(() => z.object({ id: z.number(), document: fetchedDocumentSchema }));
export type SiteFetchAnswer = z.infer<typeof siteFetchAnswerSchema>;
