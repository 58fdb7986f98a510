import type { MessageRef } from '../message-ref';
import type { Result } from '../result';
import { SECRET_FIELDS, type Credentials } from '../secrets';

/** `text` with each secret (of four characters or more) it contains replaced by dots. */
export function blankSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((clean, secret) => (secret.length >= 4 ? clean.split(secret).join('••••') : clean), text);
}

/** `ref` with every secret given blanked out, at any depth (the service's words travel as its arguments). */
export function withoutSecrets(ref: MessageRef, secrets: readonly string[]): MessageRef {
  if (!ref.args) return ref;
  return {
    ...ref,
    args: ref.args.map((arg) =>
      typeof arg === 'string'
        ? blankSecrets(arg, secrets)
        : typeof arg === 'number'
          ? arg
          : withoutSecrets(arg, secrets),
    ),
  };
}

/**
 * A last line of defence: should a service echo a credential in its error text (or in an id it names), it is blanked out
 * before the error leaves the background.
 */
export function redactSecrets<T>(result: Result<T>, credentials: Credentials): Result<T> {
  if (result.ok) return result;
  const secrets = SECRET_FIELDS.map((field) => credentials[field]);
  const { message, relatedId } = result.error;
  const cleanMessage = withoutSecrets(message, secrets);
  const cleanId = relatedId === undefined ? undefined : blankSecrets(relatedId, secrets);
  if (JSON.stringify(cleanMessage) === JSON.stringify(message) && cleanId === relatedId) return result;
  return {
    ok: false,
    error: { ...result.error, message: cleanMessage, ...(cleanId !== undefined && { relatedId: cleanId }) },
  };
}
