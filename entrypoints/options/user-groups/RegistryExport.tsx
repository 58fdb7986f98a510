import { useState } from 'react';
import { downloadFile } from '@/components/download-file';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { exportRegistryCsv, exportRegistryJson } from '@/lib/user-groups/export-registry';
import type { Outcome } from './outcome';

/**
 * Downloads the registry as stored at the click, read through the background's writer: never the
 * page's mirror, which is published at most every 100 ms and can still hold a token just replaced.
 */
export function RegistryExport({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const loaded = useUserGroupStore((state) => state.loaded);
  const [busy, setBusy] = useState(false);

  const exportAs = async (kind: 'json' | 'csv') => {
    setBusy(true);
    const stored = await sendMessage(readUserGroupRegistry, {});
    setBusy(false);
    if (!stored.ok) {
      onOutcome({ kind: 'error', message: t('exportFailed', stored.error.message) });
      return;
    }
    const at = new Date();
    downloadFile(kind === 'json' ? exportRegistryJson(stored.value, at) : exportRegistryCsv(stored.value, at));
  };

  return (
    <div className="actions">
      <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('json')}>
        {t('importExportJson')}
      </button>
      <button type="button" disabled={!loaded || busy} onClick={() => void exportAs('csv')}>
        {t('importExportCsv')}
      </button>
    </div>
  );
}
