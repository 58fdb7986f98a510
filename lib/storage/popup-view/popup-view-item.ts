import { popupStartSchema, type PopupStart } from './popup-view-schema';

// `local:popupView` (popup-view-schema.ts): written by the background only, in the same storage call as
// what it summarizes (lib/projects/popup-view.ts, through lib/storage/area-write.ts). The popup reads it
// with `session:lockOpen` (popup-early-reads.ts) and checks them here.

/** The stored view and whether the lock is open, checked: undefined when missing, of another version or shape. */
export function parseStoredPopupStart(view: unknown, lockOpen: unknown): PopupStart | undefined {
  const parsed = popupStartSchema.safeParse({ view, unlocked: lockOpen === true });
  return parsed.success ? parsed.data : undefined;
}
