import { useState } from 'react';

/** Copies a value and says so next to the button; a refused clipboard is said too. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [feedback, setFeedback] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setFeedback('Copied.');
    } catch {
      setFeedback('Could not copy: select the text and press Ctrl+C.');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy-feedback" aria-live="polite">
        {feedback}
      </span>
    </>
  );
}
