import type { ReactNode } from 'react';
import type { ActionResult } from '@/components/action-result';
import type { MessageDefinition } from '@/lib/messaging/define-message';
import type { emptySchema, workspaceOnlySchema } from '@/lib/messaging/messages/shared-schemas';

/** A message that acts on the workspace's job of one kind, and answers nothing (Cancel job, Resume). */
export type JobMessage = MessageDefinition<string, typeof workspaceOnlySchema, typeof emptySchema, 'workspace'>;

/** A job's control (Download unsent rows, Export results…): its result, if any, shows beside the controls. */
export interface JobControl {
  label: string;
  run: () => ActionResult | undefined | Promise<ActionResult | undefined>;
  disabled?: boolean;
}

/**
 * A job as its kind shows it on the one job screen (JobScreen.tsx), as lib/jobs' one runner is fed by
 * each kind's JobKind: what the job is called and how far it is in the kind's words, the messages its
 * controls send, and how its rows came out. Made by `useGroupJobView` (create, rotate, delete user groups) and
 * `useRegisterJobView` (register pages).
 */
export interface JobView {
  /** Names the screen's parts: its id `<kind>-progress`, its counts' class `<kind>-counts`. */
  kind: 'bulk' | 'register';
  /** What the job does while it runs ("Rotating tokens"), what it was once it has ended ("Last rotation"). */
  heading: string;
  /** The progress bar's accessible name ("Bulk create progress"). */
  progressLabel: string;
  /** "120 of 200 created, 3 failed". */
  counts: string;
  /** What **Cancel job** and **Resume** send. */
  messages: { cancel: JobMessage; resume: JobMessage };
  /** **Retry failed**: a new job with the rows that can be sent again; undefined when there are none. */
  retry: (() => Promise<ActionResult>) | undefined;
  /** The kind's own controls, after Retry failed. */
  more: readonly JobControl[];
  /**
   * The rows' outcomes (undefined: none to show). With `fold`, under a disclosure so named: folded
   * while the job runs, open once it has ended, as the user leaves it after a click.
   */
  results?: { content: ReactNode; fold?: string };
}
