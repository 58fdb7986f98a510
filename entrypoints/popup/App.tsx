import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import type { Result } from '@/lib/result';
import type { TargetPage } from '@/lib/tabs/read-target-tab';
import { ProjectForm } from './ProjectForm';

type Initial = Promise<[Result<ConnectionStatus>, TargetPage]>;
type Loaded = { status: Result<ConnectionStatus>; page: TargetPage };

function openSettings() {
  void browser.runtime.openOptionsPage().then(() => window.close());
}

export function App({ initial }: { initial: Initial }) {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    void initial.then(([status, page]) => setLoaded({ status, page }));
  }, [initial]);

  if (!loaded) return <main aria-busy="true" />;
  const { status, page } = loaded;
  return (
    <main>
      <h1>Register this page for review</h1>
      {!status.ok ? (
        <Alert>{status.error.message}</Alert>
      ) : !status.value.projectApiReady ? (
        <>
          <p>Connect Review Companion to your review service first: it needs the project API address, API key and auth token.</p>
          <button type="button" className="primary" onClick={openSettings}>
            Open settings
          </button>
        </>
      ) : (
        <ProjectForm page={page} onOpenSettings={openSettings} />
      )}
    </main>
  );
}
