import type { ActionResult } from '@/components/action-result';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

/**
 * The result of the last user-group action, shown once at the top of the section, with the follow-up
 * it offers (after a refused delete: remove the group from this browser only). Message and offer are
 * one value, replaced together and cleared when the next action starts, so an offer never outlives
 * the message it belongs to.
 */
export type Outcome = ActionResult & {
  offer?: { kind: 'forget'; group: RegistryEntry };
  /** 'list': the result of an action in the list (a row, the selection), shown above the list, in view. */
  place?: 'list';
  /** The row the action was about, and the short text shown on it. */
  row?: { key: string; text: string };
  /** The service rejected the credentials: link to the Connection section. */
  settingsLink?: boolean;
  /** A group just created (or found existing): its message offers Copy token, and the list shows it first. */
  created?: { key: string; token: string; name: string };
  /** A background job started: the message leads to the job panel. */
  jobStarted?: boolean;
};
