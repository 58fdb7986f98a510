import type { ExtensionHandlers } from '@/lib/messaging/router';
import { ok } from '@/lib/result';
import { dismissStorageNotices } from '@/lib/storage/notices-item';

/** Storage notices: only the background writes them (see lib/storage/notices-item.ts). */
export const noticeHandlers: Pick<ExtensionHandlers, 'dismissStorageNotices'> = {
  async dismissStorageNotices({ notices }) {
    await dismissStorageNotices(notices);
    return ok({});
  },
};
