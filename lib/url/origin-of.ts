/**
 * The origin (scheme, host and port) of an address: what a secret is bound to, and how a message
 * names a service (never a path, query or secret). `fallback` for an empty or unparsable address:
 * `''` (no origin) by default; messages pass a dash.
 */
export function originOf(url: string, fallback = ''): string {
  try {
    return url.trim() ? new URL(url.trim()).origin : fallback;
  } catch {
    return fallback;
  }
}
