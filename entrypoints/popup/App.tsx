import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { t } from '@/lib/i18n';
import type { StoredHistory } from '@/lib/projects/history-source';
import type { Result } from '@/lib/result';
import type { TargetPage } from '@/lib/tabs/read-target-tab';
import { ProjectForm } from './ProjectForm';
import { ShortcutFooter } from './ShortcutFooter';

type Loaded = { status: Result<ConnectionStatus>; page: TargetPage; history: StoredHistory };

function openSettings() {
  void browser.runtime.openOptionsPage().then(() => window.close());
}

export function App({ initial }: { initial: Promise<Loaded> }) {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    void initial.then(setLoaded);
  }, [initial]);

  if (!loaded) return <main aria-busy="true" />;
  const { status, page, history } = loaded;
  return (
    <>
      <main>
        <h1>{t('popupHeading')}</h1>
        {!status.ok ? (
          <Alert>{status.error.message}</Alert>
        ) : !status.value.projectApiReady ? (
          <>
            <p>{t('popupNeedsConnection')}</p>
            <button type="button" className="primary" onClick={openSettings}>
              {t('openSettings')}
            </button>
          </>
        ) : (
          <ProjectForm page={page} initialHistory={history} onOpenSettings={openSettings} />
        )}
      </main>
      <ShortcutFooter />
    </>
  );
}
