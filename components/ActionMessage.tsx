import type { ReactNode } from 'react';
import type { ActionResult } from './action-result';
import { Alert, StatusMessage } from './Alert';

/**
 * An action's result: a success in role=status, an error in role=alert; nothing without one.
 * `children` follow the text inside the same element (a link, a follow-up button).
 */
export function ActionMessage({ result, children }: { result: ActionResult | undefined; children?: ReactNode }) {
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
