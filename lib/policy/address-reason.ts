import { checkServiceUrl } from '@/lib/connection/validate-connection';
import type { AddressReason } from './policy-schema';

/**
 * Why `checkServiceUrl` refused `raw`, as a code: it answers the connection form with an English
 * sentence, while the policy notice is translated. Whether an address is accepted stays its decision
 * alone (call this only after a refusal); this names a fault the address really has, or says `other`.
 */
export function addressReason(raw: string): AddressReason {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'malformed';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not-https';
  if (url.username || url.password) return 'user-info';
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return 'query-or-fragment';
  // The same address over https would do: plain http off this computer is the only fault.
  if (url.protocol === 'http:' && checkServiceUrl(`https:${text.slice('http:'.length)}`).ok) return 'plain-http';
  return 'other';
}
