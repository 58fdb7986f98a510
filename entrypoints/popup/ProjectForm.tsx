import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { Alert } from '@/components/Alert';
import { TextField } from '@/components/TextField';
import { sendMessage } from '@/lib/messaging/client';
import { explainUnregistrableUrl, validateProjectInput, type ProjectFieldErrors } from '@/lib/projects/validate-project-input';
import type { AppError } from '@/lib/result';
import type { TargetPage } from '@/lib/tabs/read-target-tab';
import { ProjectCreated } from './ProjectCreated';

const SETTINGS_ERRORS = new Set(['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED']);

export function ProjectForm({ page, onOpenSettings }: { page: TargetPage; onOpenSettings: () => void }) {
  const extensionOrigin = browser.runtime.getURL('/');
  const [projectUrl, setProjectUrl] = useState(page.url);
  const [projectName, setProjectName] = useState(page.title);
  // A page that cannot be registered is explained at once, not only after a click.
  const [fieldErrors, setFieldErrors] = useState<ProjectFieldErrors>(() => {
    const problem = page.url ? explainUnregistrableUrl(page.url, extensionOrigin) : undefined;
    return problem ? { projectUrl: problem } : {};
  });
  const [error, setError] = useState<AppError>();
  const [createdId, setCreatedId] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    performance.mark('popup-ready');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return; // a second click never sends a second request
    const checked = validateProjectInput({ projectUrl, projectName }, extensionOrigin);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setError(undefined);
    inFlight.current = true;
    setSubmitting(true);
    const result = await sendMessage('createProject', checked.value);
    inFlight.current = false;
    setSubmitting(false);
    if (result.ok) setCreatedId(result.value.projectId);
    else setError(result.error);
  };

  if (createdId) return <ProjectCreated projectId={createdId} projectUrl={projectUrl} />;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {!page.url && <p className="hint">This tab’s address could not be read. Type the address of the page to register.</p>}
      <TextField label="Project URL" value={projectUrl} onChange={setProjectUrl} error={fieldErrors.projectUrl} inputMode="url" autoComplete="off" spellCheck={false} />
      <TextField label="Project name" value={projectName} onChange={setProjectName} error={fieldErrors.projectName} autoComplete="off" />
      {error && (
        <Alert>
          {error.message}
          {SETTINGS_ERRORS.has(error.code) && (
            <>
              {' '}
              <button type="button" onClick={onOpenSettings}>
                Open settings
              </button>
            </>
          )}
        </Alert>
      )}
      <button type="submit" className="primary" disabled={submitting} aria-busy={submitting}>
        Create project
      </button>
      {submitting && <span className="progress">Creating the project…</span>}
    </form>
  );
}
