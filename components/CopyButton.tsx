import { useState } from 'react';
import { t } from '@/lib/i18n';
import { useCurrentResult } from './action-scope';

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
}

/**
 * Copies a value and says so next to the button, until the next action starts (action-scope.ts); a
 * refused clipboard is said too.
 */
export function CopyButton({ value, label, accessibleName }: CopyButtonProps) {
  const [said, setSaid] = useState<{ text: string }>();
  const feedback = useCurrentResult(said)?.text ?? '';
  const setFeedback = (text: string) => setSaid(text ? { text } : undefined);
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setFeedback('');
    let text: string | undefined;
    if (typeof value === 'string') text = value;
    else {
      setBusy(true);
      text = await value();
      setBusy(false);
    }
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
      setFeedback(t('copied'));
    } catch {
      setFeedback(t('copyFailed'));
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={accessibleName} aria-busy={busy || undefined}>
        {label}
      </button>
      <span className="copy-feedback" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
