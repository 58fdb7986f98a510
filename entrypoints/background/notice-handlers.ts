import type { ExtensionHandlersOf } from '@/lib/messaging/router';
import type * as noticeMessages from '@/lib/messaging/messages/notice-messages';
import type * as notificationMessages from '@/lib/messaging/messages/notification-messages';
import { ok } from '@/lib/result';
import { writeNotifyJobEnds } from '@/lib/storage/job-notifications';
import { dismissStorageNotices } from '@/lib/storage/notices-item';

/**
 * Storage notices: only the background writes them (see lib/storage/notices-item.ts); and the choice of
 * **Notify me when a job ends** (lib/storage/job-notifications.ts).
 */
export const noticeHandlers: ExtensionHandlersOf<typeof noticeMessages & typeof notificationMessages> = {
  async dismissStorageNotices({ notices }) {
    await dismissStorageNotices(notices);
    return ok({});
  },
  async setNotifyJobEnds({ on }) {
    await writeNotifyJobEnds(on);
    return ok({});
  },
};
