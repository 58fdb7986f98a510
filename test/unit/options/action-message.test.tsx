import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorResult, resultOf, successResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { fail, ok } from '@/lib/result';
import { verbatimText } from '@/lib/message-ref';

describe('an action result', () => {
  it('is a status after a success and an alert after an error, with what follows its text inside', () => {
    expect(renderToStaticMarkup(<ActionMessage result={successResult('Saved.')} />)).toBe(
      '<div role="status" class="status">Saved.</div>',
    );
    expect(
      renderToStaticMarkup(
        <ActionMessage result={errorResult('Refused.')}>
          {' '}
          <a href="#connection">Check</a>
        </ActionMessage>,
      ),
    ).toBe('<div role="alert" class="alert">Refused. <a href="#connection">Check</a></div>');
    expect(renderToStaticMarkup(<ActionMessage result={undefined} />)).toBe('');
  });

  it('reads a background answer: the success text, or the error in words', () => {
    expect(resultOf(ok(1), 'Done.')).toEqual({ kind: 'success', text: 'Done.' });
    expect(resultOf(fail('INTERNAL', verbatimText('It broke.')), 'Done.')).toEqual({
      kind: 'error',
      text: 'It broke.',
    });
  });
});
