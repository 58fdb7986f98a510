import { describe, expect, it } from 'vitest';
import { blankSecrets, redactSecrets, secretsOfRequest } from '@/lib/api/redact-secrets';
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

describe('the one redaction rule: every secret of the request, in any form the service may echo', () => {
  // A group token with characters that every encoding writes differently.
  const token = 'ugt Tok/en+"x"&é';
  const forms: [string, string][] = [
    ['raw', token],
    ['upper case', token.toUpperCase()],
    ['lower case', token.toLowerCase()],
    ['URL-encoded', encodeURIComponent(token)],
    ['URL-encoded, lower-case escapes', encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['form-encoded (+ for a space)', encodeURIComponent(token).replaceAll('%20', '+')],
    ['JSON-escaped', JSON.stringify(token).slice(1, -1)],
  ];

  it.each(forms)('blanks the %s form', (_name, form) => {
    expect(blankSecrets(`refused: ${form} (again ${form})`, ['', token])).toBe('refused: •••• (again ••••)');
  });

  it('secretsOfRequest names the credentials and the group tokens sent', () => {
    expect(secretsOfRequest(credentials, [token])).toEqual([
      credentials.apiToken,
      credentials.apiKey,
      credentials.authToken,
      token,
    ]);
    expect(secretsOfRequest({ apiToken: 'only-this' })).toEqual(['only-this', '', '']);
  });

  it('redactSecrets blanks the group tokens of the request with the credentials, in the words and the id', () => {
    const words = `token ${encodeURIComponent(token)} with ${credentials.apiToken.toUpperCase()}`;
    const result = fail('REJECTED', text('errorServiceRefused', verbatimText(words)), { relatedId: `id-${token}` });
    expect(withText(redactSecrets(result, credentials, [token]))).toEqual({
      ok: false,
      error: { code: 'REJECTED', message: 'The service refused: token •••• with ••••', relatedId: 'id-••••' },
    });
  });

  it('a secret that cannot be URL-encoded (a lone surrogate half) is still blanked as sent', () => {
    const odd = 'abc\uD800def';
    expect(blankSecrets(`x ${odd} y`, [odd])).toBe('x •••• y');
  });

  it('a longer echo is blanked whole, not only the part that another form matches', () => {
    expect(blankSecrets(`[${encodeURIComponent('a b/c+d')}]`, ['a b/c+d'])).toBe('[••••]');
  });
});
