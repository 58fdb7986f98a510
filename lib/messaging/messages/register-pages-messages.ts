import { z } from 'zod/mini';
import { MAX_RATE_PER_MINUTE } from '../../jobs/job-pacing';
import { MAX_REGISTER_PAGES, pageRowSchema } from '../../storage/register-job/register-job-schema';
// Only message definitions are exported here: the protocol takes every export of this module.
import { defineWorkspaceMessage } from '../define-message';
import { emptySchema, inWorkspace, workspaceOnlySchema } from './shared-schemas';
import { safeInt } from '../../schema-parts';

/**
 * Registers many pages as the workspace's register-pages job (design.md §12): paced, restart safe,
 * paused while locked. `skipped`: how many the page's plan left out (duplicates, already registered),
 * for the job's report. Refused while another register job is under way; a user-group job may run meanwhile.
 */
export const startRegisterPages = defineWorkspaceMessage({
  name: 'startRegisterPages',
  request: () =>
    inWorkspace({
      pages: z.array(pageRowSchema).check(z.minLength(1), z.maxLength(MAX_REGISTER_PAGES)),
      skipped: safeInt(0),
      ratePerMinute: z.nullable(safeInt(1, MAX_RATE_PER_MINUTE)),
    }),
  response: () => z.object({ total: z.number(), skipped: z.number() }),
  allowTab: true,
});

/** Stops the register job after the page in flight. */
export const cancelRegisterPages = defineWorkspaceMessage({
  name: 'cancelRegisterPages',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});

/** Carries on with a paused (or cancelled, with pages left) register job. */
export const resumeRegisterPages = defineWorkspaceMessage({
  name: 'resumeRegisterPages',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});
