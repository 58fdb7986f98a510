import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { returnFocusTo } from './focus';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation built on <dialog>: the browser traps focus, Escape cancels, and focus returns
 * to the control that opened it (once it is enabled again, if the confirmed action disables it).
 */
export function ConfirmDialog({ title, children, confirmLabel = t('dialogConfirm'), onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    dialog?.showModal();
    return () => {
      dialog?.close();
      // The opener may be disabled while the confirmed action runs: focus returns once it is enabled.
      if (opener instanceof HTMLElement) returnFocusTo(opener);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {t('dialogCancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
