import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** Named after the action (design.md §5): "Rotate token", "Delete group", never a bare "Confirm". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Off until the dialog's own condition is met (a typed confirmation); `confirmHintId` says why. */
  confirmDisabled?: boolean;
  confirmHintId?: string;
}

/**
 * A modal confirmation built on <dialog>: the browser traps focus, Escape cancels, and focus returns
 * to the control that opened it (once it is enabled again, if the confirmed action disables it).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  confirmDisabled = false,
  confirmHintId,
}: ConfirmDialogProps) {
  const { ref, titleId } = useModalDialog();
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
        <button
          type="button"
          className="danger"
          onClick={onConfirm}
          disabled={confirmDisabled}
          aria-describedby={confirmDisabled ? confirmHintId : undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
