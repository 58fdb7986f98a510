import { browser } from 'wxt/browser';
import { hostPermissionPattern } from '../api/service-address';

/** The permission patterns for the configured addresses (empty ones are not in use). */
export function requiredOrigins(urls: string[]): string[] {
  const patterns = urls.filter(Boolean).map(hostPermissionPattern);
  return [...new Set(patterns)];
}

/** Which of the patterns the browser has not granted (never granted, or revoked since). */
export async function findMissingAccess(urls: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const origin of requiredOrigins(urls)) {
    if (!(await browser.permissions.contains({ origins: [origin] }))) missing.push(origin);
  }
  return missing;
}

/**
 * After a save: gives back the host permissions of addresses no longer configured. A pattern that a
 * configured address still needs stays (patterns ignore ports, so two addresses may share one). A
 * refusal (a permission the manifest requires, as in test builds) is ignored: that one stays.
 */
export async function releaseUnusedAccess(previousUrls: string[], currentUrls: string[]): Promise<string[]> {
  const inUse = new Set(requiredOrigins(currentUrls));
  const unused = requiredOrigins(previousUrls).filter((origin) => !inUse.has(origin));
  // One at a time: a browser refuses the whole call when one of its origins cannot be removed.
  for (const origin of unused) {
    try {
      await browser.permissions.remove({ origins: [origin] });
    } catch {
      // Required by the manifest (test builds) or already gone: the save itself has succeeded.
    }
  }
  return unused;
}
