import { useState } from 'react';
import { errorResult, successResult } from '@/components/action-result';
import { plural, t } from '@/lib/i18n';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { JobStartMessage, type JobStartResult } from '../../shared/job/GoToJobButton';
import { RateField, useRate } from '../../shared/job/RateField';
import { AddGroupsFromFile, type ChosenGroupsFile } from './AddGroupsFromFile';
import { BulkCreatePreview } from './BulkCreatePreview';
import { RegistryImport } from './RegistryImport';

/**
 * Add groups from a file: one file field that tells a bulk-create CSV (groups created on the service by
 * the background job) from a backup (groups restored into this browser after a preview and a
 * confirmation), says which it is; a job it starts shows in the job panel (page/JobPanel.tsx).
 */
export function BulkCreateSection() {
  const loaded = useUserGroupStore((state) => state.loaded);
  const job = useBulkCreateStore((state) => state.job);
  const [chosen, setChosen] = useState<ChosenGroupsFile>();
  const [outcome, setOutcome] = useState<JobStartResult>();
  const [resetKey, setResetKey] = useState(0);
  const rate = useRate();

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
        <RateField {...rate.field} />
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
          onProblem={(message) => setOutcome(errorResult(message))}
        />
      )}
      {chosen?.kind === 'backup' && (
        <RegistryImport key={chosen.id} file={chosen} onOutcome={setOutcome} onDone={clear} />
      )}
      <JobStartMessage result={outcome} job={job} />
    </section>
  );
}
