import { describe, expect, it } from 'vitest';
import { redactSecrets } from '@/lib/api/redact-secrets';
import { fail, ok } from '@/lib/result';
import { messageText, text, verbatimText } from '@/lib/message-ref';
import { withText } from '../helpers/error-text';

const credentials = { apiToken: 'tok-1234567890', apiKey: 'key-abcdef', authToken: 'auth-zyxwvu' };

describe('redactSecrets', () => {
  it('leaves a success untouched (same object)', () => {
    const result = ok({ projectId: 'p-1' });
    expect(redactSecrets(result, credentials)).toBe(result);
  });

  it('leaves an error without secrets untouched (same object)', () => {
    const result = fail('REJECTED', verbatimText('Nothing secret here.'));
    expect(redactSecrets(result, credentials)).toBe(result);
  });

  it('blanks every occurrence of every secret and keeps the other fields', () => {
    const result = fail(
      'UNAUTHENTICATED',
      verbatimText('Key key-abcdef with token auth-zyxwvu (again: auth-zyxwvu) and tok-1234567890'),
      {
        retryAfterSeconds: 3,
        field: 'apiKey',
      },
    );
    expect(withText(redactSecrets(result, credentials))).toEqual({
      ok: false,
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Key •••• with token •••• (again: ••••) and ••••',
        retryAfterSeconds: 3,
        field: 'apiKey',
      },
    });
    // the input is not mutated
    expect(!result.ok && messageText(result.error.message)).toContain('key-abcdef');
  });

  it('blanks a secret in the service’s words inside a named text', () => {
    const result = fail('REJECTED', text('errorServiceRefused', verbatimText('token tok-1234567890 is unknown')));
    const redacted = redactSecrets(result, credentials);
    expect(!redacted.ok && redacted.error.message).toEqual(
      text('errorServiceRefused', verbatimText('token •••• is unknown')),
    );
    expect(withText(redacted)).toEqual({
      ok: false,
      error: { code: 'REJECTED', message: 'The service refused: token •••• is unknown' },
    });
  });

  it('ignores empty and very short secrets (they would blank ordinary text)', () => {
    const result = fail('REJECTED', verbatimText('a bad request'));
    expect(redactSecrets(result, { apiToken: '', apiKey: 'a', authToken: 'bad' })).toBe(result);
  });

  it('redacts a four-character secret', () => {
    const result = fail('REJECTED', verbatimText('token abcd refused'));
    expect(redactSecrets(result, { apiToken: 'abcd', apiKey: '', authToken: '' })).toEqual(
      fail('REJECTED', verbatimText('token •••• refused')),
    );
  });
});
