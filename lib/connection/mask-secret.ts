/**
 * Shows that a secret is set and which one (design.md §3: the last four characters), without revealing
 * it: "••••7f3a". A secret shorter than `revealFrom` characters would be largely shown that way, so it
 * stays "••••".
 */
export function maskSecret(secret: string, revealFrom = 8): string {
  if (!secret) return '';
  return secret.length >= revealFrom ? `${MASK}${secret.slice(-4)}` : MASK;
}

/** A secret that is set, shown without any of its characters. */
export const MASK = '••••';

/**
 * User-group tokens are shown by their last four characters only when they are at least this long:
 * four characters of a short token are too much of it (the service's tokens are far longer).
 */
export const GROUP_TOKEN_REVEAL_FROM = 12;

/** A user group's token as the options page shows it until revealed: "••••" plus, if long enough, its last four. */
export function maskGroupToken(token: string): string {
  return maskSecret(token, GROUP_TOKEN_REVEAL_FROM);
}
