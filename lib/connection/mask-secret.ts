/** Shows that a secret is set and which one, without revealing it: "••••7f3a", or "••••" if short. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}
