/**
 * Shows that a secret is set and which one (design.md §3: the last four characters), without revealing
 * it: "••••7f3a". A secret under eight characters would be half shown that way, so it stays "••••".
 */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length >= 8 ? `••••${secret.slice(-4)}` : '••••';
}
