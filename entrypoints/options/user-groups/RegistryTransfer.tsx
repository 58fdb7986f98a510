import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { downloadFile } from '@/components/download-file';
import { t, type MessageKey } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { importUserGroups } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { exportRegistryCsv, exportRegistryJson } from '@/lib/user-groups/export-registry';
import { importItems, previewImport } from '@/lib/user-groups/import-merge';
import { parseRegistryFile, type ImportedGroup } from '@/lib/user-groups/import-rows';
import type { RowProblem } from '@/lib/user-groups/import-csv';
import { ImportPreview } from './ImportPreview';
import type { Outcome } from './outcome';

interface ChosenFile {
  fileName: string;
  groups: ImportedGroup[];
  problems: RowProblem[];
  /** For rows without a creation time. */
  readAt: string;
}

/** A message for exactly one, or for any other count. */
function counted(count: number, one: MessageKey, many: MessageKey): string {
  return count === 1 ? t(one) : t(many, count);
}

/** Export the whole registry, and import a file after a preview and a confirmation. */
export function RegistryTransfer({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const groups = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFile>();
  const [fileError, setFileError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The preview follows the registry: a change made elsewhere meanwhile shows up before Confirm.
  const preview = useMemo(() => chosen && previewImport({ groups }, chosen, chosen.readAt), [chosen, groups]);
  const writes = preview ? preview.added.length + preview.changed.length : 0;

  const reset = () => {
    setChosen(undefined);
    setConfirming(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = async (file: File | undefined) => {
    setFileError(undefined);
    setChosen(undefined);
    if (!file) return;
    const parsed = parseRegistryFile(await file.text());
    if (parsed.ok) setChosen({ fileName: file.name, groups: parsed.groups, problems: parsed.problems, readAt: new Date().toISOString() });
    else setFileError(t('optionsFileProblem', file.name, parsed.message));
  };

  const apply = async () => {
    if (!preview) return;
    setConfirming(false);
    setBusy(true);
    const result = await sendMessage(importUserGroups, { items: importItems(preview) });
    setBusy(false);
    if (!result.ok) {
      onOutcome({ kind: 'error', message: t('importFailed', result.error.message) });
      return;
    }
    const { added, updated, conflicts } = result.value;
    reset();
    const done = t('importDone', chosen?.fileName ?? t('importTheFile'), counted(added, 'importNewGroupsOne', 'importNewGroupsMany'), counted(updated, 'importGroupsOne', 'importGroupsMany'));
    if (conflicts.length === 0) onOutcome({ kind: 'success', message: done });
    else {
      const which = conflicts.map((ref) => `${ref.environment} ${ref.userGroupId}`).join(', ');
      onOutcome({ kind: 'error', message: conflicts.length === 1 ? t('importConflictsOne', done, which) : t('importConflictsMany', done, conflicts.length, which) });
    }
  };

  const exportAs = (kind: 'json' | 'csv') => {
    const registry = { groups: useUserGroupStore.getState().groups };
    downloadFile(kind === 'json' ? exportRegistryJson(registry, new Date()) : exportRegistryCsv(registry, new Date()));
  };

  return (
    <div role="group" aria-labelledby="transfer-heading" className="transfer">
      <h3 id="transfer-heading">{t('importHeading')}</h3>
      <p className="hint">{t('importIntro')}</p>
      <div className="actions">
        <button type="button" disabled={!loaded} onClick={() => exportAs('json')}>
          {t('importExportJson')}
        </button>
        <button type="button" disabled={!loaded} onClick={() => exportAs('csv')}>
          {t('importExportCsv')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={inputId}>{t('importFile')}</label>
        <input id={inputId} ref={inputRef} type="file" accept=".json,.csv,application/json,text/csv" disabled={!loaded || busy} onChange={(event) => void choose(event.target.files?.[0])} />
        <p className="hint">{t('importFileHint')}</p>
      </div>
      {fileError && <Alert>{fileError}</Alert>}
      {chosen && preview && (
        <>
          <ImportPreview fileName={chosen.fileName} preview={preview} />
          <div className="actions">
            <button type="button" className="primary" disabled={writes === 0 || busy} aria-busy={busy} onClick={() => setConfirming(true)}>
              {t('importButton')}
            </button>
            <button type="button" onClick={reset}>
              {t('importDiscard')}
            </button>
            {writes === 0 && <span className="hint">{t('importNothingToDo')}</span>}
          </div>
        </>
      )}
      {confirming && preview && (
        <ConfirmDialog title={t('importConfirmTitle')} onConfirm={() => void apply()} onCancel={() => setConfirming(false)}>
          {t(
            'importConfirmBody',
            counted(preview.added.length, 'importConfirmAddedOne', 'importConfirmAddedMany'),
            counted(preview.changed.length, 'importConfirmOverwrittenOne', 'importConfirmOverwrittenMany'),
          )}
          {preview.invalid.length > 0 && ` ${counted(preview.invalid.length, 'importConfirmLeftOutOne', 'importConfirmLeftOutMany')}`}
        </ConfirmDialog>
      )}
    </div>
  );
}
