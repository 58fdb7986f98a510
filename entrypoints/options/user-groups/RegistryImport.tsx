import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { importUserGroups, readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { groupKey } from '@/lib/user-groups/filter-groups';
import { importItems, previewImport, type ImportPreview as Preview } from '@/lib/user-groups/import-merge';
import { parseRegistryFile, type ImportedGroup } from '@/lib/user-groups/import-rows';
import { MAX_IMPORT_FILE_BYTES } from '@/lib/user-groups/import-schema';
import type { RowProblem } from '@/lib/user-groups/import-csv';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';
import { useActiveWorkspace } from '../workspaces/use-active-workspace';
import { fileTooLarge } from './file-size';
import { ImportPreview } from './ImportPreview';
import { counted, describeImport } from './import-outcome';
import type { Outcome } from './outcome';

interface ChosenFile {
  fileName: string;
  groups: ImportedGroup[];
  problems: RowProblem[];
  /** For rows without a creation time. */
  readAt: string;
}

/** The registry as stored when last read, and the page's mirror at that moment. */
interface Base {
  groups: RegistryEntry[];
  mirror: RegistryEntry[];
}

/** What a confirmation would write, and over what: two previews with the same one ask the same. */
const planOf = (preview: Preview) => importItems(preview).map((item) => `${groupKey(item.entry)}=${item.expected ?? ''}`).join('\n');

/**
 * Import a file after a preview and a confirmation. The preview compares with the registry as stored
 * (read through the background when the file is chosen, when Import is pressed and at Confirm); in
 * between it follows the page's mirror, which shows changes made elsewhere within 100 ms.
 */
export function RegistryImport({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const { id: workspaceId } = useActiveWorkspace();
  const mirror = useUserGroupStore((state) => state.groups);
  const loaded = useUserGroupStore((state) => state.loaded);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<ChosenFile>();
  const [base, setBase] = useState<Base>();
  const [fileError, setFileError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Once the mirror has published since the last read, it is the newer of the two.
  const current = base && (base.mirror === mirror ? base.groups : mirror);
  const preview = useMemo(() => chosen && current && previewImport({ groups: current }, chosen, chosen.readAt), [chosen, current]);
  const writes = preview ? preview.added.length + preview.changed.length : 0;

  const reset = () => {
    setChosen(undefined);
    setConfirming(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  /** The stored registry, read after the writes already queued; an error is shown and undefined returned. */
  const readStored = async (): Promise<RegistryEntry[] | undefined> => {
    const mirrorNow = useUserGroupStore.getState().groups;
    const stored = await sendMessage(readUserGroupRegistry, { workspaceId });
    if (!stored.ok) {
      onOutcome({ kind: 'error', message: t('importFailed', stored.error.message) });
      return undefined;
    }
    setBase({ groups: stored.value.groups, mirror: mirrorNow });
    return stored.value.groups;
  };

  const choose = async (file: File | undefined) => {
    setFileError(undefined);
    setChosen(undefined);
    if (!file) return;
    const tooLarge = fileTooLarge(file, MAX_IMPORT_FILE_BYTES);
    const parsed = tooLarge ? undefined : parseRegistryFile(await file.text());
    if (!parsed?.ok) {
      setFileError(tooLarge ?? t('optionsFileProblem', file.name, parsed?.message ?? ''));
      return;
    }
    if (!(await readStored())) return;
    setChosen({ fileName: file.name, groups: parsed.groups, problems: parsed.problems, readAt: new Date().toISOString() });
  };

  const askToConfirm = async () => {
    setBusy(true);
    const stored = await readStored();
    setBusy(false);
    if (stored) setConfirming(true);
  };

  const apply = async () => {
    if (!chosen || !preview) return;
    setConfirming(false);
    setBusy(true);
    const stored = await readStored();
    const fresh = stored && previewImport({ groups: stored }, chosen, chosen.readAt);
    if (!fresh || planOf(fresh) !== planOf(preview)) {
      setBusy(false);
      // The preview now shows the stored data; the user confirms what it says, not what it said.
      if (fresh) onOutcome({ kind: 'error', message: t('importPreviewChanged') });
      return;
    }
    const result = await sendMessage(importUserGroups, { workspaceId, items: importItems(fresh) });
    setBusy(false);
    if (!result.ok) {
      onOutcome({ kind: 'error', message: t('importFailed', result.error.message) });
      return;
    }
    reset();
    onOutcome(describeImport(chosen.fileName, result.value));
  };

  return (
    <>
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
            <button type="button" className="primary" disabled={writes === 0 || busy} aria-busy={busy} onClick={() => void askToConfirm()}>
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
    </>
  );
}
