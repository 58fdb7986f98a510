import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { keepFocusWhileBusy } from '@/components/focus';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { createProject } from '@/lib/messaging/messages/project-messages';
import { findDuplicates, indexHistory } from '@/lib/projects/find-duplicates';
import { explainUnregistrableUrl, validateProjectInput, type ProjectFieldErrors } from '@/lib/projects/validate-project-input';
import type { StoredHistory } from '@/lib/projects/history-source';
import type { AppError } from '@/lib/result';
import type { TargetPage } from '@/lib/tabs/read-target-tab';
import { DuplicateWarning } from './DuplicateWarning';
import { ProjectError } from './ProjectError';
import { ProjectCreated } from './ProjectCreated';
import { RecentProjects } from './RecentProjects';
import { useHistory } from './use-history';

const WARNING_ID = 'duplicate-warning';

interface ProjectFormProps {
  page: TargetPage;
  initialHistory: StoredHistory;
  onOpenSettings: () => void;
}

export function ProjectForm({ page, initialHistory, onOpenSettings }: ProjectFormProps) {
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
  const createButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // The history is read before the form first renders (main.tsx), so this check is never skipped.
  const history = useHistory(initialHistory).entries;
  const index = useMemo(() => indexHistory(history), [history]);
  const duplicates = useMemo(() => findDuplicates(index, projectUrl), [index, projectUrl]);
  // A confirmation holds for the address it was given for, not for whatever is typed next.
  const [confirmedUrl, setConfirmedUrl] = useState<string>();
  const confirmed = duplicates !== undefined && confirmedUrl === duplicates.normalizedUrl;
  const needsConfirmation = Boolean(duplicates?.samePage.length) && !confirmed;

  useEffect(() => {
    performance.mark('popup-ready');
  }, []);

  // Register again disappears once pressed: focus moves to where the reviewer goes next.
  const focusCreate = useRef(false);
  useEffect(() => {
    if (confirmed && focusCreate.current) createButton.current?.focus();
    focusCreate.current = false;
  }, [confirmed]);
  const confirm = () => {
    focusCreate.current = true;
    setConfirmedUrl(duplicates?.normalizedUrl);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return; // a second click never sends a second request
    if (needsConfirmation) {
      confirmButton.current?.focus();
      return;
    }
    const checked = validateProjectInput({ projectUrl, projectName }, extensionOrigin);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setError(undefined);
    inFlight.current = true;
    keepFocusWhileBusy(createButton.current);
    setSubmitting(true);
    const result = await sendMessage(createProject, checked.value);
    inFlight.current = false;
    setSubmitting(false);
    if (result.ok) setCreatedId(result.value.projectId);
    else setError(result.error);
  };

  if (createdId) return <ProjectCreated projectId={createdId} projectUrl={projectUrl} />;
  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {!page.url && <p className="hint">{t(page.source === 'link' ? 'linkUrlUnusable' : 'tabUrlUnreadable')}</p>}
        <TextField label={t('fieldProjectUrl')} value={projectUrl} onChange={setProjectUrl} error={fieldErrors.projectUrl} inputMode="url" autoComplete="off" spellCheck={false} />
        <TextField label={t('fieldProjectName')} value={projectName} onChange={setProjectName} error={fieldErrors.projectName} autoComplete="off" />
        {duplicates && <DuplicateWarning id={WARNING_ID} report={duplicates} confirmed={confirmed} onConfirm={confirm} confirmRef={confirmButton} />}
        {error && <ProjectError error={error} onOpenSettings={onOpenSettings} />}
        <button
          ref={createButton}
          type="submit"
          className="primary"
          disabled={submitting || needsConfirmation}
          aria-busy={submitting}
          aria-describedby={needsConfirmation ? WARNING_ID : undefined}
        >
          {t('createProject')}
        </button>
        {submitting && <span className="progress">{t('creatingProject')}</span>}
      </form>
      <RecentProjects entries={history} onShowAll={onOpenSettings} />
    </>
  );
}
