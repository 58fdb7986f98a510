import { useState } from 'react';
import { t } from '@/lib/i18n';

interface CopyButtonProps {
  value: string;
  /** The button's text. */
  label: string;
  /** A longer name for screen readers and tests where several buttons share a text; starts with `label`. */
  accessibleName?: string;
}

/** Copies a value and says so next to the button; a refused clipboard is said too. */
export function CopyButton({ value, label, accessibleName }: CopyButtonProps) {
  const [feedback, setFeedback] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setFeedback(t('copied'));
    } catch {
      setFeedback(t('copyFailed'));
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={accessibleName}>
        {label}
      </button>
      <span className="copy-feedback" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
