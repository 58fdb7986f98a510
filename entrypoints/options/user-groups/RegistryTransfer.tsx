import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { downloadFile } from '@/components/download-file';
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

function plural(count: number, word: string): string {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
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
    else setFileError(`${file.name}: ${parsed.message}`);
  };

  const apply = async () => {
    if (!preview) return;
    setConfirming(false);
    setBusy(true);
    const result = await sendMessage(importUserGroups, { items: importItems(preview) });
    setBusy(false);
    if (!result.ok) {
      onOutcome({ kind: 'error', message: `Nothing was imported: ${result.error.message}` });
      return;
    }
    const { added, updated, conflicts } = result.value;
    reset();
    const done = `Imported ${chosen?.fileName ?? 'the file'}: ${plural(added, 'new group')}, ${plural(updated, 'group')} updated.`;
    if (conflicts.length === 0) onOutcome({ kind: 'success', message: done });
    else {
      const which = conflicts.map((ref) => `${ref.environment} ${ref.userGroupId}`).join(', ');
      onOutcome({ kind: 'error', message: `${done} ${plural(conflicts.length, 'group')} changed after the preview and ${conflicts.length === 1 ? 'was' : 'were'} left as they are: ${which}. Import the file again to review them.` });
    }
  };

  const exportAs = (kind: 'json' | 'csv') => {
    const registry = { groups: useUserGroupStore.getState().groups };
    downloadFile(kind === 'json' ? exportRegistryJson(registry, new Date()) : exportRegistryCsv(registry, new Date()));
  };

  return (
    <div role="group" aria-labelledby="transfer-heading" className="transfer">
      <h3 id="transfer-heading">Export and import</h3>
      <p className="hint">This browser holds the only copy of each token: export a copy now and then. JSON keeps every field; CSV opens in a spreadsheet.</p>
      <div className="actions">
        <button type="button" disabled={!loaded} onClick={() => exportAs('json')}>
          Export JSON
        </button>
        <button type="button" disabled={!loaded} onClick={() => exportAs('csv')}>
          Export CSV
        </button>
      </div>
      <div className="field">
        <label htmlFor={inputId}>Import user groups</label>
        <input id={inputId} ref={inputRef} type="file" accept=".json,.csv,application/json,text/csv" disabled={!loaded || busy} onChange={(event) => void choose(event.target.files?.[0])} />
        <p className="hint">A JSON export, or a CSV with the columns name,user_group_id,environment,token,team_id,created_at,last_rotated_at. Groups are matched by environment and ID.</p>
      </div>
      {fileError && <Alert>{fileError}</Alert>}
      {chosen && preview && (
        <>
          <ImportPreview fileName={chosen.fileName} preview={preview} />
          <div className="actions">
            <button type="button" className="primary" disabled={writes === 0 || busy} aria-busy={busy} onClick={() => setConfirming(true)}>
              Import
            </button>
            <button type="button" onClick={reset}>
              Discard
            </button>
            {writes === 0 && <span className="hint">Nothing to import: every valid row matches this browser already.</span>}
          </div>
        </>
      )}
      {confirming && preview && (
        <ConfirmDialog title="Import user groups?" onConfirm={() => void apply()} onCancel={() => setConfirming(false)}>
          {plural(preview.added.length, 'new group')} {preview.added.length === 1 ? 'is' : 'are'} added and {plural(preview.changed.length, 'stored group')}{' '}
          {preview.changed.length === 1 ? 'is' : 'are'} overwritten with the file’s values (tokens included).
          {preview.invalid.length > 0 && ` ${plural(preview.invalid.length, 'invalid row')} ${preview.invalid.length === 1 ? 'is' : 'are'} left out.`}
        </ConfirmDialog>
      )}
    </div>
  );
}
