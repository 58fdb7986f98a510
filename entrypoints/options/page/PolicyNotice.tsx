import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useWorkspaceStore } from '@/lib/stores/workspace-store';
import { policyProblemText } from './policy-problem-text';
import { usePolicyStatus } from './use-policy-status';

/**
 * The organisation policy, for every workspace at once: the values it ignored (each named, with why),
 * and one Grant access button for all the managed workspaces' addresses the browser has not allowed.
 */
export function PolicyNotice() {
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const { status, missing } = usePolicyStatus(workspaces);
  // The request must come first in the click: browsers allow it only there.
  const grant = () => void browser.permissions.request({ origins: missing }).catch(() => false);
  return (
    <>
      {status.problems.length > 0 && (
        <div role="note" className="alert policy-notice">
          <p>{t('policyNoticeHeading')}</p>
          <ul>
            {status.problems.map((problem, index) => (
              <li key={index}>{policyProblemText(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {missing.length > 0 && (
        <Alert>
          {t(
            'policyAccessMissing',
            missing
              .map((origin) => origin.replace('/*', ''))
              .reduce((first, second) => t('connectionAccessAnd', first, second)),
          )}{' '}
          <button type="button" onClick={grant}>
            {t('connectionGrantAccess')}
          </button>
        </Alert>
      )}
    </>
  );
}
