import { useState } from 'react';
import { t } from '@/lib/i18n';
import { useSaidText } from './action-scope';

interface CopyButtonProps {
  /**
   * What to copy, or how to get it at the click (a sealed group token the background opens); a getter
   * that answers undefined copies nothing and says nothing (it has said why, or the user cancelled).
   */
  value: string | (() => Promise<string | undefined>);
  /** The button's text. */
  label: string;
  /** A longer name for screen readers and tests where several buttons share a text; starts with `label`. */
  accessibleName?: string;
  /**
   * Called first in the click, where the browser still counts it as the user's (a permission can be
   * asked for only there), and waited for before the copy: what to do once copied, whose answer is
   * said instead of "Copied." (Copy token clears the clipboard later: copy-token.ts).
   */
  prepare?: () => Promise<(copied: string) => Promise<string>>;
  /** Says the result elsewhere (a row says it in its note) instead of next to the button. */
  onFeedback?: (text: string) => void;
}

/**
 * Copies a value and says so next to the button, until the next action starts (action-scope.ts); a
 * refused clipboard is said too.
 */
export function CopyButton({ value, label, accessibleName, prepare, onFeedback }: CopyButtonProps) {
  const [shown, setShown] = useSaidText();
  const say = onFeedback ?? setShown;
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    const prepared = prepare?.();
    say('');
    const waits = prepared !== undefined || typeof value !== 'string';
    if (waits) setBusy(true);
    const followUp = await prepared;
    const text = typeof value === 'string' ? value : await value();
    if (waits) setBusy(false);
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return say(t('copyFailed'));
    }
    say(followUp ? await followUp(text) : t('copied'));
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={accessibleName} aria-busy={busy || undefined}>
        {label}
      </button>
      {!onFeedback && (
        <span className="copy-feedback" aria-live="polite">
          {shown}
        </span>
      )}
    </>
  );
}
