import { useState } from 'react';
import { errorResult, successResult, type ActionResult } from '@/components/action-result';
import { ActionMessage } from '@/components/ActionMessage';
import { Alert } from '@/components/Alert';
import { plural, t, uiLanguage } from '@/lib/i18n';
import { exactTime, relativeTime } from '@/lib/time/relative-time';
import { ExportSetupButton } from './ExportSetupButton';
import { ImportSetup } from './ImportSetup';
import { exportRegistry, TokensInClearNote } from '../../shared/RegistryExport';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { useBackupFacts } from './use-backup-facts';
import { sectionHref } from '@/lib/url/section-routes';

/**
 * #backup: the registry is the only copy of each group token (the service cannot show one again), so
 * this says how many tokens no export holds and when the last export was, next to the export buttons;
 * and the setup files that carry a workspace's connection to a teammate.
 */
export function BackupSection() {
  const workspace = useActiveWorkspace();
  const [exports, setExports] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ActionResult>();
  const { facts, problem, now } = useBackupFacts(workspace.id, exports);
  const empty = facts?.groups === 0;

  const exportAs = async (kind: 'json' | 'csv') => {
    setMessage(undefined);
    setBusy(true);
    const failure = await exportRegistry(workspace, kind);
    setBusy(false);
    setExports((count) => count + 1);
    setMessage(failure ? errorResult(failure) : successResult(plural('backupExported', facts?.groups ?? 0)));
  };

  return (
    <section aria-labelledby="backup-heading">
      <h2 id="backup-heading">{t('backupHeading')}</h2>
      <p>{t('backupIntro')}</p>
      {problem && <Alert>{problem}</Alert>}
      {facts && (
        <p className={facts.tokensOnlyHere > 0 ? 'warning' : 'hint'}>
          {empty ? t('backupNoGroups') : t('backupTokensOnlyHere', facts.tokensOnlyHere, facts.groups)}{' '}
          {facts.lastExportAt ? (
            <>
              {t('backupLastExport')}{' '}
              <time dateTime={facts.lastExportAt} title={exactTime(facts.lastExportAt, uiLanguage())}>
                {relativeTime(facts.lastExportAt, now ?? 0, uiLanguage())}
              </time>
              .
            </>
          ) : (
            !empty && t('backupNeverExported')
          )}
        </p>
      )}
      <TokensInClearNote />
      <div className="actions">
        <button type="button" disabled={busy || !facts || empty} onClick={() => void exportAs('json')}>
          {t('importExportJson')}
        </button>
        <button type="button" disabled={busy || !facts || empty} onClick={() => void exportAs('csv')}>
          {t('importExportCsv')}
        </button>
      </div>
      <p className="hint">
        {t('backupRestoreHint')} <a href={sectionHref('groups')}>{t('backupRestoreLink')}</a>
      </p>
      <ActionMessage result={message} />
      <h3>{t('backupSetupHeading')}</h3>
      <p className="hint">{t('backupSetupIntro')}</p>
      <div className="actions">
        <ExportSetupButton key={workspace.id} workspace={workspace} />
      </div>
      <ImportSetup />
    </section>
  );
}
