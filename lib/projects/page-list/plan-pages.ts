import { t } from '../../i18n';
import {
  MAX_PAGE_NAME_LENGTH,
  MAX_PAGE_URL_LENGTH,
  MAX_REGISTER_PAGES,
  type PageRow,
} from '../../storage/register-job/register-job-schema';
import { normalizeUrl } from '../normalize-url';
import { explainUnregistrableUrl } from '../validate-project-input';
import type { ListedPage } from './page-lines';
import { pageNameFromUrl } from './page-name';

/** A listed line that cannot be registered, with why (in the page's language). */
export interface InvalidPage {
  line: number;
  text: string;
  reason: string;
}

/** What Register N pages would do, shown before anything is sent. */
export interface PagePlan {
  /** Checked and named, first occurrence of each page, in list order; already registered ones left out unless included. */
  toRegister: PageRow[];
  /** Listed again after their first line (the same page once normalised: case of the host, default port, fragment). */
  duplicates: ListedPage[];
  /** In this workspace's history already: skipped unless the user includes them. */
  registered: PageRow[];
  invalid: InvalidPage[];
  /** Valid pages past MAX_REGISTER_PAGES: left for another job. */
  overLimit: number;
}

/** Checks a listed page: the same rules as the popup's form, plus the bounds of a job's row. */
function check(page: ListedPage): { row: PageRow } | { reason: string } {
  const problem = explainUnregistrableUrl(page.url);
  if (problem) return { reason: problem };
  if (page.url.length > MAX_PAGE_URL_LENGTH) return { reason: t('pagesUrlTooLong', MAX_PAGE_URL_LENGTH) };
  if (page.name !== undefined && page.name.length > MAX_PAGE_NAME_LENGTH)
    return { reason: t('nameTooLong', MAX_PAGE_NAME_LENGTH) };
  return { row: { line: page.line, url: page.url, name: page.name ?? pageNameFromUrl(page.url) } };
}

/**
 * The plan for a list of pages: invalid lines with their reason, duplicates removed, pages already in
 * the history (`registeredUrls`, any form) marked and skipped unless `includeRegistered`, at most
 * MAX_REGISTER_PAGES to register.
 */
export function planPages(
  pages: readonly ListedPage[],
  registeredUrls: Iterable<string>,
  includeRegistered = false,
): PagePlan {
  const known = new Set<string>();
  for (const url of registeredUrls) {
    const normal = normalizeUrl(url);
    if (normal) known.add(normal.url);
  }
  const seen = new Set<string>();
  const plan: PagePlan = { toRegister: [], duplicates: [], registered: [], invalid: [], overLimit: 0 };
  for (const page of pages) {
    const checked = check(page);
    if ('reason' in checked) {
      plan.invalid.push({ line: page.line, text: page.url, reason: checked.reason });
      continue;
    }
    const key = normalizeUrl(checked.row.url)?.url ?? checked.row.url;
    if (seen.has(key)) {
      plan.duplicates.push(page);
      continue;
    }
    seen.add(key);
    if (known.has(key)) {
      plan.registered.push(checked.row);
      if (!includeRegistered) continue;
    }
    if (plan.toRegister.length >= MAX_REGISTER_PAGES) plan.overLimit += 1;
    else plan.toRegister.push(checked.row);
  }
  return plan;
}

/** How many the plan leaves out, for the job's report: duplicates, and registered pages not included. */
export function skippedCount(plan: PagePlan, includeRegistered: boolean): number {
  return plan.duplicates.length + (includeRegistered ? 0 : plan.registered.length);
}
