import type { Result } from '../result';
import { SECRET_FIELDS, type Credentials } from '../storage/connection-items';

/**
 * A last line of defence: should a service echo a credential in its error text, it is blanked out
 * before the error leaves the background.
 */
export function redactSecrets<T>(result: Result<T>, credentials: Credentials): Result<T> {
  if (result.ok) return result;
  let message = result.error.message;
  for (const field of SECRET_FIELDS) {
    const secret = credentials[field];
    if (secret.length >= 4) message = message.split(secret).join('••••');
  }
  return message === result.error.message ? result : { ok: false, error: { ...result.error, message } };
}
