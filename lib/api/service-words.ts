import { boundedVerbatimText, type MessageRef } from '../message-ref';
import { blankSecrets } from './redact-secrets';

/**
 * The service's own words (a refusal's reason, an error's message or status), which are not ours to
 * translate: as they are when short, else their first 500 characters with an ellipsis and their full
 * length in the UI language ("The service refused: Rate limit… (900,030 characters)"). Cut here, where
 * they are received, so that no error, alert, bulk-job failure or health record holds more, whatever
 * the service sends. Every secret of the request that the service echoes (in any of the forms
 * redact-secrets.ts knows) is blanked before the cut: cut first, a secret that straddles the cut
 * would keep its start, which the later redaction (redactSecrets) no longer finds.
 */
export function serviceWords(words: string, secrets: readonly string[]): MessageRef {
  return boundedVerbatimText(blankSecrets(words, secrets));
}

/**
 * The longest identifier of the service's (an existing project's id in ALREADY_EXISTS, a new project's
 * id) that is kept. Ours are a few dozen characters; one over this is not an id a person could use.
 */
export const MAX_SERVICE_ID_LENGTH = 256;

/**
 * An id the service names in an error, or undefined when it names none, one over the bound, or one that
 * holds a secret of the request. Dropped, not cut or blanked: either would be a wrong id, and the user
 * would copy it; the error still says what happened.
 */
export function serviceId(id: string | undefined, secrets: readonly string[]): string | undefined {
  return id && id.length <= MAX_SERVICE_ID_LENGTH && blankSecrets(id, secrets) === id ? id : undefined;
}
