import { plural } from '@/lib/i18n';
import type { DuplicateReport } from '@/lib/projects/find-duplicates';
import { displayHost } from '@/lib/url/display-url';

/** "2 other pages of example.com are registered": under the form, from the history (DuplicateWarning, first-screen.ts). */
export const sameSiteNote = (report: DuplicateReport): string =>
  report.otherPagesOfSite > 0 ? plural('sameSite', report.otherPagesOfSite, displayHost(report.site)) : '';
