import { browser } from 'wxt/browser';
import { successResult } from '@/components/action-result';
import { t } from '@/lib/i18n';
import { useConnectionStore } from '@/lib/stores/connection-store';
import { sayWorkspaceMessage } from './workspace-message';

/**
 * After a setup file was imported: the button that asks the browser for access to the addresses the
 * passphrase authenticated (asked here, in the click, never before the file was decrypted).
 */
export function AllowAccess({ origins }: { origins: string[] }) {
  const refresh = useConnectionStore((state) => state.refresh);
  const allow = async () => {
    // The permission request must be the first await: browsers only allow it during the click.
    const granted = await browser.permissions.request({ origins }).catch(() => false);
    if (granted) sayWorkspaceMessage(successResult(t('setupAccessGranted')));
    await refresh();
  };
  return (
    <>
      {' '}
      <button type="button" onClick={() => void allow()}>
        {t('connectionGrantAccess')}
      </button>
    </>
  );
}
