import { useEffect, useMemo, useState } from 'react';
import { errorResult, type ActionResult } from '@/components/action-result';
import { Alert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { plural, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { importUserGroups, readUserGroupRegistry } from '@/lib/messaging/messages/registry-transfer-messages';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import { importItems, previewImport, type ImportPreview as Preview } from '@/lib/user-groups/transfer/import-merge';
import { parseRegistryFile, type ImportedGroup } from '@/lib/user-groups/transfer/import-rows';
import type { RowProblem } from '@/lib/user-groups/transfer/row-problems';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { unlockAndRetry } from '../../shared/unlock-in-place';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { ImportPreview } from './ImportPreview';
import { describeImport } from './import-outcome';
import { ReplaceNewerChoice } from './ReplaceNewerChoice';

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
const planOf = (preview: Preview, replaceNewer: boolean) =>
  importItems(preview, { replaceNewer })
    .map((item) => `${groupKey(item.entry)}=${item.expected ?? ''}`)
    .join('\n');

interface RegistryImportProps {
  /** A backup chosen in Add groups from file (AddGroupsFromFile.tsx), read but not yet parsed. */
  file: { fileName: string; text: string };
  onOutcome: (outcome: ActionResult) => void;
  /** Imported or discarded: the section empties its file field. */
  onDone: () => void;
}

/**
 * Import a backup after a preview and a confirmation. The preview compares with the registry as stored
 * (read through the background when the file is chosen, when Import is pressed and at Confirm); in
 * between it follows the page's mirror, which shows changes made elsewhere within 100 ms.
 */
export function RegistryImport({ file, onOutcome, onDone }: RegistryImportProps) {
  const { id: workspaceId } = useActiveWorkspace();
  const mirror = useUserGroupStore((state) => state.groups);
  const [chosen, setChosen] = useState<ChosenFile>();
  const [base, setBase] = useState<Base>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Off by default: a live token that is newer (or of unknown age) stays unless the user chooses otherwise.
  const [replaceNewer, setReplaceNewer] = useState(false);
  // Once the mirror has published since the last read, it is the newer of the two.
  const current = base && (base.mirror === mirror ? base.groups : mirror);
  const preview = useMemo(
    () => chosen && current && previewImport({ groups: current }, chosen, chosen.readAt),
    [chosen, current],
  );
  const kept = preview?.kept.length ?? 0;
  const replacing = replaceNewer ? kept : 0;
  const writes = preview ? preview.added.length + preview.changed.length + replacing : 0;

  const reset = () => {
    setChosen(undefined);
    setConfirming(false);
    onDone();
  };

  /** The stored registry, read after the writes already queued; an error is shown and undefined returned. */
  const readStored = async (): Promise<RegistryEntry[] | undefined> => {
    const mirrorNow = useUserGroupStore.getState().groups;
    const stored = await unlockAndRetry(t('importButton'), () => sendMessage(readUserGroupRegistry, { workspaceId }));
    if (!stored.ok) {
      onOutcome(errorResult(t('importFailed', messageText(stored.error.message))));
      return undefined;
    }
    setBase({ groups: stored.value.groups, mirror: mirrorNow });
    return stored.value.groups;
  };

  // The section mounts this anew for each file (its key), so the file is read and compared once.
  const parsed = useMemo(() => parseRegistryFile(file.text), [file]);
  const fileError = parsed.ok ? undefined : t('optionsFileProblem', file.fileName, messageText(parsed.message));
  useEffect(() => {
    if (!parsed.ok) return;
    let current = true;
    const mirrorNow = useUserGroupStore.getState().groups;
    // Locked, the tokens to compare with are sealed: the user is offered to unlock, then the preview shows.
    void unlockAndRetry(t('addFileLabel'), () => sendMessage(readUserGroupRegistry, { workspaceId })).then((stored) => {
      if (!current) return;
      if (!stored.ok) return onOutcome(errorResult(t('importFailed', messageText(stored.error.message))));
      setBase({ groups: stored.value.groups, mirror: mirrorNow });
      setChosen({
        fileName: file.fileName,
        groups: parsed.groups,
        problems: parsed.problems,
        readAt: new Date().toISOString(),
      });
    });
    return () => {
      current = false;
    };
    // A new file (this component is mounted anew for each) is the only reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed]);

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
    if (!fresh || planOf(fresh, replaceNewer) !== planOf(preview, replaceNewer)) {
      setBusy(false);
      // The preview now shows the stored data; the user confirms what it says, not what it said.
      if (fresh) onOutcome(errorResult(t('importPreviewChanged')));
      return;
    }
    const result = await unlockAndRetry(plural('importConfirmButton', writes), () =>
      sendMessage(importUserGroups, { workspaceId, items: importItems(fresh, { replaceNewer }) }),
    );
    setBusy(false);
    if (!result.ok) {
      onOutcome(errorResult(t('importFailed', messageText(result.error.message))));
      return;
    }
    reset();
    onOutcome(describeImport(chosen.fileName, result.value, kept - replacing));
  };

  return (
    <>
      {fileError && <Alert>{fileError}</Alert>}
      {chosen && preview && (
        <>
          <ImportPreview
            fileName={chosen.fileName}
            preview={preview}
            keptChoice={
              <ReplaceNewerChoice count={kept} checked={replaceNewer} disabled={busy} onChange={setReplaceNewer} />
            }
          />
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={writes === 0 || busy}
              aria-busy={busy}
              onClick={() => void askToConfirm()}
            >
              {t('importButton')}
            </button>
            <button type="button" onClick={reset}>
              {t('importDiscard')}
            </button>
            {writes === 0 && (
              <span className="hint">{t(kept > 0 ? 'importNothingUnlessReplaced' : 'importNothingToDo')}</span>
            )}
          </div>
        </>
      )}
      {confirming && preview && (
        <ConfirmDialog
          title={t('importConfirmTitle')}
          confirmLabel={plural('importConfirmButton', writes)}
          onConfirm={() => void apply()}
          onCancel={() => setConfirming(false)}
        >
          {t(
            'importConfirmBody',
            plural('importConfirmAdded', preview.added.length),
            plural('importConfirmOverwritten', preview.changed.length),
          )}
          {preview.invalid.length > 0 && ` ${plural('importConfirmLeftOut', preview.invalid.length)}`}
          {kept > replacing && ` ${plural('importKeptCount', kept)}`}
          {replacing > 0 && <p className="warning">{plural('importConfirmReplacing', replacing)}</p>}
        </ConfirmDialog>
      )}
    </>
  );
}
