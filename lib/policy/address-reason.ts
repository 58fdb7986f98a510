import { checkServiceUrl } from '@/lib/api/service-address';
import { type AddressReason } from '../storage/policy-status';

/**
 * Why `checkServiceUrl` refused `raw`, in the policy notice's terms. Its own code names the first rule
 * broken, in the connection form's order; this names the fault an administrator fixes first
 * (credentials in the address before plain http), or says `other`. Whether an address is accepted
 * stays `checkServiceUrl`'s decision alone: call this only after a refusal.
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
