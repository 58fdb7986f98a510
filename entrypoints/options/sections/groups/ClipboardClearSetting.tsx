import { useId, useState } from 'react';
import { requestClipboardAccess } from '@/lib/clipboard/clipboard-access';
import { t } from '@/lib/i18n';
import { CLIPBOARD_CLEAR_CHOICES, writeClipboardClearAfter } from '@/lib/storage/clipboard-clear-after';
import { useClipboardClearStore } from '@/lib/stores/clipboard-clear-store';
import { clearAfterText } from './copy-token';

/**
 * **Clear clipboard after** (design.md §15), beside the list whose rows have Copy token: one setting
 * for this browser. Choosing a time asks for the clipboard permissions in that change (so that the
 * next copy need not ask); refused, the choice is kept and the next Copy token asks again.
 */
export function ClipboardClearSetting() {
  const seconds = useClipboardClearStore((state) => state.seconds);
  const accessHeld = useClipboardClearStore((state) => state.accessHeld);
  const [problem, setProblem] = useState<string>();
  const selectId = useId();
  const hintId = useId();

  const choose = async (next: number) => {
    const allowed = next === 0 || requestClipboardAccess(accessHeld);
    setProblem(undefined);
    await writeClipboardClearAfter(next);
    if (!(await allowed)) setProblem(t('clipboardAccessRefused'));
  };

  return (
    <div className="field clipboard-clear">
      <label htmlFor={selectId}>{t('clipboardClearAfter')}</label>
      <select
        id={selectId}
        value={seconds}
        aria-describedby={hintId}
        onChange={(event) => void choose(Number(event.target.value))}
      >
        {CLIPBOARD_CLEAR_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 0 ? t('clipboardClearNever') : clearAfterText(choice)}
          </option>
        ))}
      </select>
      <span id={hintId} className="hint">
        {t('clipboardClearHint')}
      </span>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
