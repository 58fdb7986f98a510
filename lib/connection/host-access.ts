import { browser } from 'wxt/browser';
import { hostPermissionPattern } from './validate-connection';

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

export function accessNotGrantedMessage(origin: string): string {
  return `Review Companion has no access to ${origin.replace('/*', '')}. Open the settings and click Grant access.`;
}
