import { useState } from 'react';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { TextField } from '@/components/TextField';
import { plural, t } from '@/lib/i18n';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { DEFAULT_RATE_PER_MINUTE, DOCUMENTED_LIMIT_PER_MINUTE, MAX_RATE_PER_MINUTE } from '@/lib/jobs/job-pacing';
import { checkRate } from '../../shared/job-pace';
import { AddGroupsFromFile, type ChosenGroupsFile } from './AddGroupsFromFile';
import { BulkCreatePreview } from './BulkCreatePreview';
import { RegistryImport } from './RegistryImport';
import { GoToJobButton } from '../../page/GoToJobButton';

/**
 * Add groups from a file: one file field that tells a bulk-create CSV (groups created on the service by
 * the background job) from a backup (groups restored into this browser after a preview and a
 * confirmation), says which it is; a job it starts shows in the job panel (page/JobPanel.tsx).
 */
export function BulkCreateSection() {
  const loaded = useUserGroupStore((state) => state.loaded);
  const [chosen, setChosen] = useState<ChosenGroupsFile>();
  const [outcome, setOutcome] = useState<ActionResult & { jobStarted?: boolean }>();
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
          onStarted={(count) => {
            clear();
            setOutcome({ ...successResult(plural('bulkStarted', count)), jobStarted: true });
          }}
          onOutcome={setOutcome}
        />
      )}
      {chosen?.kind === 'backup' && (
        <RegistryImport key={chosen.id} file={chosen} onOutcome={setOutcome} onDone={clear} />
      )}
      {/* A success goes into a live region that is already there; an error (role=alert) speaks on its own. */}
      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <ActionMessage result={outcome}>
            {outcome.jobStarted && (
              <>
                {' '}
                <GoToJobButton />
              </>
            )}
          </ActionMessage>
        )}
      </div>
      {outcome?.kind === 'error' && <ActionMessage result={outcome} />}
    </section>
  );
}
