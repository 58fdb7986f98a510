import { useState } from 'react';
import { StatusMessage } from '@/components/Alert';
import { t } from '@/lib/i18n';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { ExportSetupDialog } from './ExportSetupDialog';

/** The workspace bar's **Export setup file** button, its dialog, and what was saved. */
export function ExportSetupButton({ workspace }: { workspace: Workspace }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string>();
  return (
    <>
      <button type="button" onClick={() => (setSaved(undefined), setOpen(true))}>
        {t('setupExportButton')}
      </button>
      {saved && <StatusMessage>{t('setupExported', saved)}</StatusMessage>}
      {open && (
        <ExportSetupDialog
          workspace={workspace}
          onClose={(fileName) => {
            setOpen(false);
            setSaved(fileName);
          }}
        />
      )}
    </>
  );
}
