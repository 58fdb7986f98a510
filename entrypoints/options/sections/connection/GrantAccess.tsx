import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';

/** Settings whose host access was declined or revoked say so, with the one button that fixes it. */
export function GrantAccess({ missing }: { missing: string[] }) {
  const refresh = useConnectionStore((state) => state.refresh);
  if (missing.length === 0) return null;
  const grant = async () => {
    await browser.permissions.request({ origins: missing }).catch(() => false);
    await refresh();
  };
  return (
    <Alert>
      {t(
        'connectionAccessMissing',
        missing
          .map((origin) => origin.replace('/*', ''))
          .reduce((first, second) => t('connectionAccessAnd', first, second)),
      )}{' '}
      <button type="button" onClick={() => void grant()}>
        {t('connectionGrantAccess')}
      </button>
    </Alert>
  );
}
