import { z } from 'zod/mini';
import { storedTextSchema } from '../../message-ref';
import { noControlCharacters } from '../../text/control-characters';
import { jobProgressShape } from '../jobs/job-progress-schema';
import { built, extendedObject, httpUrl, safeInt } from '../../schema-parts';

// A register-pages job (design.md §12): every page a project, paced like bulk create. Its rows in
// `local:ws.<id>.registerPagesRows`, written once at the start; its progress, with each row's outcome,
// in `local:ws.<id>.registerPagesJob`, rewritten after every row.

/** One job holds at most this many pages: at the default 150 a minute, about 13 minutes. */
export const MAX_REGISTER_PAGES = 2000;
/** Longer addresses are refused (browsers and servers commonly stop near 2,000 characters). */
export const MAX_PAGE_URL_LENGTH = 2048;
export const MAX_PAGE_NAME_LENGTH = 300;

/** A page to register, as the start message carries it; `line` is where it was in the list (1-based). */
export const pageRowSchema = z.lazy(() =>
  z.object({
    line: safeInt(1),
    url: httpUrl().check(z.maxLength(MAX_PAGE_URL_LENGTH)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PAGE_NAME_LENGTH), noControlCharacters()),
  }),
);
export type PageRow = z.infer<typeof pageRowSchema>;

/** `attempts`: sends whose outcome stayed unknown (a page is never sent again unasked, so 0 or 1). */
export const queuedPageSchema = z.lazy(() => extendedObject(built(pageRowSchema), { attempts: safeInt() }));
export type QueuedPage = z.infer<typeof queuedPageSchema>;

export const registerJobRowsSchema = z.lazy(() =>
  z.object({ jobId: z.string(), rows: z.array(built(queuedPageSchema)) }),
);
export type RegisterJobRows = z.infer<typeof registerJobRowsSchema>;
export const storedRegisterJobRowsSchema = z.lazy(() => z.nullable(registerJobRowsSchema));

/**
 * What became of one page: `registered` (a new project, in the history), `existed` (the service has a
 * project for it: ALREADY_EXISTS, with its id when the service names it), `failed` (refused, nothing
 * created), `unknown` (no answer: the project may exist; not sent again unless the user asks).
 */
export const pageOutcomeKindSchema = z.enum(['registered', 'existed', 'failed', 'unknown']);
export type PageOutcomeKind = z.infer<typeof pageOutcomeKindSchema>;

export const pageOutcomeSchema = z.lazy(() =>
  z.object({
    /** The page's index in the job's rows. */
    row: safeInt(0),
    outcome: pageOutcomeKindSchema,
    projectId: z.optional(z.string()),
    message: z.optional(storedTextSchema),
  }),
);
export type PageOutcome = z.infer<typeof pageOutcomeSchema>;

/** The progress every job keeps, with the outcome of each page sent so far, in the order they came. */
export const registerJobSchema = z.lazy(() =>
  z.object({
    ...jobProgressShape(),
    outcomes: z.array(built(pageOutcomeSchema)),
  }),
);
export type RegisterJob = z.infer<typeof registerJobSchema>;
export const storedRegisterJobSchema = z.lazy(() => z.nullable(registerJobSchema));
