import type { ReactNode } from 'react';
import type { ActionResult } from './action-result';
import { useCurrentResult } from './action-scope';
import { Alert, StatusMessage } from './Alert';

/**
 * An action's result: a success in role=status, an error in role=alert; nothing without one, nor once
 * the next action has started (action-scope.ts). `children` follow the text inside the same element (a
 * link, a follow-up button).
 */
export function ActionMessage(props: { result: ActionResult | undefined; children?: ReactNode }) {
  const result = useCurrentResult(props.result);
  const { children } = props;
  if (!result) return null;
  if (result.kind === 'error')
    return (
      <Alert>
        {result.text}
        {children}
      </Alert>
    );
  return (
    <StatusMessage>
      {result.text}
      {children}
    </StatusMessage>
  );
}

/**
 * The same for a result that arrives after the page has drawn: a success goes into a live region that
 * is already there (one that appears with its text is not always said), an error (role=alert) speaks
 * on its own.
 */
export function LiveActionMessage({ result, children }: { result: ActionResult | undefined; children?: ReactNode }) {
  return (
    <>
      <div aria-live="polite">
        {result?.kind === 'success' && <ActionMessage result={result}>{children}</ActionMessage>}
      </div>
      {result?.kind === 'error' && <ActionMessage result={result}>{children}</ActionMessage>}
    </>
  );
}
