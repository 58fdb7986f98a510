import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { downloadFile } from '@/components/download-file';
import { formatDateTime, plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import {
  clearRotationResults,
  getRotationResultsSummary,
  readRotationResults,
} from '@/lib/messaging/messages/rotation-messages';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import type { RotationResultsSummary } from '@/lib/storage/rotation/rotation-results-schema';
import { exportRotationCsv, exportRotationJson } from '@/lib/user-groups/rotation/rotation-export';
import type { JobStartResult } from '../../shared/job/GoToJobButton';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';

/** The results held, asked again whenever the workspace's job moves (a rotated row adds one) and after a clear. */
function useResultsSummary(workspaceId: string, cleared: number): RotationResultsSummary | undefined {
  const job = useBulkCreateStore((state) => state.job);
  const [summary, setSummary] = useState<RotationResultsSummary>();
  const moved = `${job?.id}:${job?.updatedAt}`;
  useEffect(() => {
    let current = true;
    void sendMessage(getRotationResultsSummary, { workspaceId }).then((result) => {
      if (current && result.ok) setSummary(result.value);
    });
    return () => {
      current = false;
    };
  }, [workspaceId, moved, cleared]);
  return summary;
}

/**
 * The rotation jobs' results (design.md §13): every new token a rotate job produced, across Retry
 * failed, Resume and stopped workers, until the admin clears them. **Export rotation results** (CSV or
 * JSON, the tokens read through the background) and **Clear rotation results**, after a confirmation.
 */
export function RotationResults({
  workspace,
  onMessage,
}: {
  workspace: Workspace;
  onMessage: (message: JobStartResult | undefined) => void;
}) {
  const workspaceId = workspace.id;
  const [cleared, setCleared] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const summary = useResultsSummary(workspaceId, cleared);
  const count = summary?.count ?? 0;
  if (count === 0 || !summary?.since) return null;

  async function exportResults(format: 'csv' | 'json') {
    onMessage(undefined);
    const result = await unlockAndRetry(t(format === 'csv' ? 'exportRotationCsv' : 'exportRotationJson'), () =>
      sendMessage(readRotationResults, { workspaceId }),
    );
    if (!result.ok) return onMessage({ kind: 'error', text: messageText(result.error.message) });
    const at = new Date();
    downloadFile(
      format === 'csv'
        ? exportRotationCsv(result.value.results, at, workspace)
        : exportRotationJson(result.value.results, result.value, at, workspace),
    );
    onMessage({ kind: 'success', text: plural('rotationResultsExported', result.value.results.length) });
  }

  async function clear() {
    setConfirming(false);
    onMessage(undefined);
    const result = await sendMessage(clearRotationResults, { workspaceId });
    setCleared((times) => times + 1);
    onMessage(
      result.ok
        ? { kind: 'success', text: t('rotationResultsCleared') }
        : { kind: 'error', text: messageText(result.error.message) },
    );
  }

  return (
    <div className="rotation-results">
      <p className="hint">{plural('rotationResultsHeld', count, formatDateTime(summary.since))}</p>
      <div className="actions">
        <button type="button" onClick={() => void exportResults('csv')}>
          {t('exportRotationCsv')}
        </button>
        <button type="button" onClick={() => void exportResults('json')}>
          {t('exportRotationJson')}
        </button>
        <button type="button" onClick={() => setConfirming(true)}>
          {t('rotationResultsClear')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('rotationResultsClearTitle')}
          confirmLabel={t('rotationResultsClear')}
          onConfirm={() => void clear()}
          onCancel={() => setConfirming(false)}
        >
          {plural('rotationResultsClearBody', count)}
        </ConfirmDialog>
      )}
    </div>
  );
}
