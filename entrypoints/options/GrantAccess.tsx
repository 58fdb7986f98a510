import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
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
      Access not granted: Review Companion cannot call {missing.map((origin) => origin.replace('/*', '')).join(' and ')} until you allow it.{' '}
      <button type="button" onClick={() => void grant()}>
        Grant access
      </button>
    </Alert>
  );
}
