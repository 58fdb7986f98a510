import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { plural, t } from '@/lib/i18n';

interface ClearActivityDialogProps {
  /** The entries the log keeps (what the clearing removes). */
  count: number;
  /** Downloads the JSON export (with its checkpoint) before the log is cleared. */
  exportFirst: () => Promise<void>;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Says what Clear activity log removes and what it leaves (its own entry, with the checkpoint it replaced), and offers an export first. */
export function ClearActivityDialog({ count, exportFirst, onConfirm, onCancel }: ClearActivityDialogProps) {
  const [exporting, setExporting] = useState(false);
  return (
    <ConfirmDialog
      title={t('activityClearTitle')}
      confirmLabel={t('activityClear')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{plural('activityClearWhat', count)}</p>
      <p>{t('activityClearRecorded')}</p>
      <p>
        {t('activityClearExportFirst')}{' '}
        <button
          type="button"
          disabled={exporting}
          onClick={() => (setExporting(true), void exportFirst().finally(() => setExporting(false)))}
        >
          {t('activityExportJson')}
        </button>
      </p>
    </ConfirmDialog>
  );
}
