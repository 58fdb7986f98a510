import type { MessageRef } from '../message-ref';
import type { Result } from '../result';
import { SECRET_FIELDS, type Credentials } from '../secrets';
import { uriEncoded } from '../url/uri-encoded';

// The one redaction rule (design.md §15): every text that came from the service is cleared of every
// secret of the request it answers before it is stored, shown or notified. The clients apply it where
// the words arrive (service-words.ts), knowing what they sent; the domain applies it again to the
// whole answer (redactSecrets) before anything records it.

/** What stands where a secret was. */
const MASK = '••••';
/** Shorter secrets are not looked for: they would blank ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Every secret of a request: the connection's credentials and the group tokens it sent (`current_token`). */
export function secretsOfRequest(credentials: Partial<Credentials>, groupTokens: readonly string[] = []): string[] {
  return [...SECRET_FIELDS.map((field) => credentials[field] ?? ''), ...groupTokens];
}

/**
 * How a service may echo a secret it was sent: as sent; URL-encoded (`encodeURIComponent`, and with `+`
 * for a space, as a form encodes it); JSON-escaped (as `JSON.stringify` writes it). Case is ignored
 * when they are looked for.
 */
export function echoesOf(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  const url = uriEncoded(secret);
  if (url !== undefined) forms.push(url, url.replaceAll('%20', '+'));
  return [...new Set(forms)];
}

const escapeForPattern = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** One pattern for every echo of every secret (of four characters or more), longest first; undefined for none. */
function echoPattern(secrets: readonly string[]): RegExp | undefined {
  const forms = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH).flatMap(echoesOf))];
  if (forms.length === 0) return undefined;
  forms.sort((a, b) => b.length - a.length);
  return new RegExp(forms.map(escapeForPattern).join('|'), 'giu');
}

/** `text` with every echo of each secret in it (of four characters or more) replaced by dots. */
export function blankSecrets(text: string, secrets: readonly string[]): string {
  const pattern = echoPattern(secrets);
  return pattern ? text.replace(pattern, MASK) : text;
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
 * The answer of a request with every secret of it (secretsOfRequest) blanked from its error's words
 * and from the id it names: a last line of defence after the client's own (service-words.ts).
 */
export function redactSecrets<T>(
  result: Result<T>,
  credentials: Partial<Credentials>,
  groupTokens: readonly string[] = [],
): Result<T> {
  if (result.ok) return result;
  const secrets = secretsOfRequest(credentials, groupTokens);
  const { message, relatedId } = result.error;
  const cleanMessage = withoutSecrets(message, secrets);
  const cleanId = relatedId === undefined ? undefined : blankSecrets(relatedId, secrets);
  if (JSON.stringify(cleanMessage) === JSON.stringify(message) && cleanId === relatedId) return result;
  return {
    ok: false,
    error: { ...result.error, message: cleanMessage, ...(cleanId !== undefined && { relatedId: cleanId }) },
  };
}
