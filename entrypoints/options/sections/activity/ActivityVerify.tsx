import { useId, useRef, useState } from 'react';
import { ActionMessage } from '@/components/ActionMessage';
import { errorResult, type ActionResult } from '@/components/action-result';
import { verifyAgainstExport } from '@/lib/activity/verify-against-export';
import { t } from '@/lib/i18n';
import { verifyStoredActivity } from '@/lib/storage/activity/activity-source';
import { fileTooLarge } from '../../shared/file-size';
import { chainText, exportText } from './verification-text';

/** An export of 20,000 entries is about 10 MB; a larger file is not one of ours. */
const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

/**
 * The two checks, said in one sentence each with what neither can detect: the chain's links (Verify
 * activity log), and the log held to an export's checkpoint (Verify against export, a file field and a
 * button). One result at a time, beside them, focused so that it is read.
 */
export function ActivityVerify({
  ready,
  result,
  setResult,
}: {
  ready: boolean;
  /** The section's one message, when a check gave it (a new action of the section replaces it). */
  result: ActionResult | undefined;
  setResult: (result: ActionResult | undefined) => void;
}) {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  async function run(check: () => Promise<ActionResult>) {
    setBusy(true);
    setResult(undefined);
    try {
      setResult(await check());
    } finally {
      setBusy(false);
    }
    box.current?.focus();
  }

  const againstExport = async (chosen: File): Promise<ActionResult> => {
    const tooLarge = fileTooLarge(chosen, MAX_EXPORT_BYTES);
    if (tooLarge) return errorResult(tooLarge);
    // A file moved or deleted since it was chosen cannot be read.
    const text = await chosen.text().catch(() => undefined);
    return text === undefined
      ? errorResult(t('activityExportUnreadable'))
      : exportText(await verifyAgainstExport(text));
  };

  return (
    <div className="activity-verify">
      <p className="hint">
        {t('activityVerifyChain')} {t('activityVerifyDetects')} {t('activityVerifyCannot')}
      </p>
      <div className="row-fields">
        <button
          type="button"
          className="align-field"
          disabled={busy || !ready}
          onClick={() => void run(async () => chainText(await verifyStoredActivity()))}
        >
          {t('activityVerify')}
        </button>
        <div className="field">
          <label htmlFor={fileId}>{t('activityVerifyFile')}</label>
          <input
            id={fileId}
            type="file"
            accept=".json,.csv,application/json,text/csv"
            onChange={(event) => (setFile(event.target.files?.[0]), setResult(undefined))}
          />
        </div>
        <button
          type="button"
          className="align-field"
          disabled={busy || !ready || !file}
          onClick={() => file && void run(() => againstExport(file))}
        >
          {t('activityVerifyAgainst')}
        </button>
      </div>
      <div ref={box} tabIndex={-1} className="activity-verification" aria-busy={busy}>
        <ActionMessage result={result} />
      </div>
    </div>
  );
}
