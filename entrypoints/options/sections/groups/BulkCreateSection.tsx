import { useState } from 'react';
import { errorResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { DEFAULT_RATE_PER_MINUTE, DOCUMENTED_LIMIT_PER_MINUTE, MAX_RATE_PER_MINUTE } from '@/lib/jobs/job-pacing';
import { AddGroupsFromFile, type ChosenGroupsFile } from './AddGroupsFromFile';
import { BulkCreatePreview } from './BulkCreatePreview';
import { BulkCreateProgress } from './BulkCreateProgress';
import { RegistryImport } from './RegistryImport';

function checkRate(raw: string): { rate?: number; error?: string; warning?: string } {
  const rate = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || rate < 1 || rate > MAX_RATE_PER_MINUTE)
    return { error: t('bulkRateInvalid', String(MAX_RATE_PER_MINUTE)) };
  if (rate > DOCUMENTED_LIMIT_PER_MINUTE)
    return { rate, warning: t('bulkRateAboveLimit', String(rate), String(DOCUMENTED_LIMIT_PER_MINUTE)) };
  return { rate };
}

/**
 * Add groups from a file: one file field that tells a bulk-create CSV (groups created on the service by
 * the background job) from a backup (groups restored into this browser after a preview and a
 * confirmation), says which it is, and shows the workspace's job with its controls.
 */
export function BulkCreateSection() {
  const loaded = useUserGroupStore((state) => state.loaded);
  const job = useBulkCreateStore((state) => state.job);
  const [chosen, setChosen] = useState<ChosenGroupsFile>();
  const [outcome, setOutcome] = useState<ActionResult>();
  const [resetKey, setResetKey] = useState(0);
  const [rateText, setRateText] = useState(String(DEFAULT_RATE_PER_MINUTE));
  const rate = checkRate(rateText);

  const clear = () => {
    setChosen(undefined);
    setResetKey((key) => key + 1);
  };

  return (
    <section aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">{t('addFileHeading')}</h2>
      <p className="hint">{t('addFileIntro')}</p>
      <div className="row-fields">
        <AddGroupsFromFile
          disabled={!loaded}
          resetKey={resetKey}
          onChoosing={() => {
            setOutcome(undefined);
            setChosen(undefined);
          }}
          onChosen={setChosen}
          onProblem={(message) => setOutcome(errorResult(message))}
        />
        <TextField
          label={t('bulkRate')}
          type="number"
          min={1}
          max={MAX_RATE_PER_MINUTE}
          value={rateText}
          onChange={setRateText}
          error={rate.error}
          hint={rate.warning ?? t('bulkRateHint', String(DOCUMENTED_LIMIT_PER_MINUTE), String(DEFAULT_RATE_PER_MINUTE))}
        />
      </div>
      {/* Says what the file is before anything happens. */}
      {chosen && (
        <p className="file-kind">
          {chosen.kind === 'create' ? t('addFileKindCreate', chosen.fileName) : t('addFileKindBackup', chosen.fileName)}
        </p>
      )}
      {chosen?.kind === 'create' && (
        <BulkCreatePreview
          key={chosen.id}
          fileName={chosen.fileName}
          text={chosen.text}
          rate={rate.rate}
          onStarted={clear}
          onOutcome={setOutcome}
        />
      )}
      {chosen?.kind === 'backup' && (
        <RegistryImport key={chosen.id} file={chosen} onOutcome={setOutcome} onDone={clear} />
      )}
      {/* A success goes into a live region that is already there; an error (role=alert) speaks on its own. */}
      <div aria-live="polite">{outcome?.kind === 'success' && <ActionMessage result={outcome} />}</div>
      {outcome?.kind === 'error' && <ActionMessage result={outcome} />}
      {job && <BulkCreateProgress job={job} />}
    </section>
  );
}
