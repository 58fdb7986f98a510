import { useId } from 'react';
import { downloadFile } from '@/components/download-file';
import { t } from '@/lib/i18n';
import { detectFileKind } from '@/lib/user-groups/transfer/bulk-file-kind';
import { MAX_BULK_FILE_BYTES } from '@/lib/storage/bulk-job/bulk-row-schema';
import { BULK_TEMPLATE_FILE_NAME, bulkTemplateCsv } from '@/lib/user-groups/transfer/bulk-template';
import { MAX_IMPORT_FILE_BYTES } from '@/lib/user-groups/transfer/import-schema';
import { fileTooLarge } from '../../shared/file-size';

/** A file the user chose, read and recognised; nothing has happened yet. */
export interface ChosenGroupsFile {
  /** Tells two choices of the same file apart. */
  id: number;
  fileName: string;
  text: string;
  kind: 'create' | 'backup';
}

interface AddGroupsFromFileProps {
  disabled: boolean;
  /** A file was chosen (or the choice failed, or was emptied): the section's last message goes. */
  onChoosing: () => void;
  onChosen: (file: ChosenGroupsFile) => void;
  onProblem: (message: string) => void;
  /** Bumped by the section to empty the field (after a start or an import). */
  resetKey: number;
}

let chosenCount = 0;

/**
 * The one file field that adds groups: it tells a bulk-create CSV from a registry backup before
 * anything happens (lib/user-groups/transfer/bulk-file-kind.ts), and offers the template CSV.
 */
export function AddGroupsFromFile({ disabled, onChoosing, onChosen, onProblem, resetKey }: AddGroupsFromFileProps) {
  const inputId = useId();

  const choose = async (file: File | undefined) => {
    onChoosing();
    if (!file) return;
    const tooLarge = fileTooLarge(file, Math.max(MAX_BULK_FILE_BYTES, MAX_IMPORT_FILE_BYTES));
    if (tooLarge) return onProblem(tooLarge);
    const text = await file.text();
    const kind = detectFileKind(text);
    if (kind === 'unknown') return onProblem(t('addFileKindUnknown', file.name));
    // A bulk create reads at most MAX_BULK_FILE_BYTES; a backup up to MAX_IMPORT_FILE_BYTES.
    const kindTooLarge = kind === 'create' ? fileTooLarge(file, MAX_BULK_FILE_BYTES) : undefined;
    if (kindTooLarge) return onProblem(kindTooLarge);
    chosenCount += 1;
    onChosen({ id: chosenCount, fileName: file.name, text, kind });
  };

  return (
    <div className="field">
      <label htmlFor={inputId}>{t('addFileLabel')}</label>
      <input
        key={resetKey}
        id={inputId}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        disabled={disabled}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p className="hint">
        <button
          type="button"
          className="link"
          onClick={() =>
            downloadFile({ fileName: BULK_TEMPLATE_FILE_NAME, mimeType: 'text/csv', text: bulkTemplateCsv() })
          }
        >
          {t('addFileTemplate')}
        </button>
      </p>
    </div>
  );
}
