import { useEffect, useMemo, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { browser } from 'wxt/browser';
import { keepFocusWhileBusy } from '@/components/focus';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { keepMessagePortOpen, sendMessage } from '@/lib/messaging/client';
import { answerSchemaOf } from '@/lib/messaging/answer-schema';
import { createProject } from '@/lib/messaging/messages/project-messages';
import { findDuplicates, indexHistory } from '@/lib/projects/find-duplicates';
import { projectLinkOf } from '@/lib/api/project-link';
import type { ProjectInput } from '@/lib/api/project-input';
import {
  explainTargetPage,
  explainUnregistrableUrl,
  projectNameProblemAsTyped,
  validateProjectInput,
} from '@/lib/projects/validate-project-input';
import type { AppError } from '@/lib/result';
import { closesOnDone } from '@/lib/tabs/closes-on-done';
import { displayUrl } from '@/lib/url/display-url';
import type { TargetPage } from '@/lib/tabs/read-target-tab';
import { DuplicateWarning } from './DuplicateWarning';
import { openSettingsAt } from './open-settings';
import { ProjectCreated } from './ProjectCreated';
import { ProjectError } from './ProjectError';
import { rehearseProjectCreated } from './rehearse-created';
import { RecentProjects } from './RecentProjects';
import { useHistory } from './use-history';
import { markPopupReady } from './ready-mark';
import type { HistoryStart } from './popup-state';

const WARNING_ID = 'duplicate-warning';

/**
 * Create project shows it is working (button disabled and busy, "Creating the project…") only once the
 * request has taken this long: an answer within it feels instant and is shown straight away, without a
 * frame drawn in between for the progress (which, drawn just as the answer arrived, held it up by a
 * few milliseconds). A second press meanwhile is ignored as before (inFlight).
 */
const PROGRESS_AFTER_MS = 100;

// Handlers that never change, so that the memoised parts (the fields, the recent projects) are not
// rendered again when only the form's state changes.
const selectAll = (event: FocusEvent<HTMLInputElement>) => event.target.select();
const showAllProjects = () => openSettingsAt('projects');

/** What the form's fields hold, as typed: carried to the form of a workspace chosen next (App.tsx). */
export interface FormDraft {
  projectUrl: string;
  projectName: string;
}

interface ProjectFormProps {
  /** The workspace the project is created in, whose history is shown. */
  workspaceId: string;
  /** The fields as the form of the workspace shown before left them (the same page, typed on). */
  draft?: FormDraft | undefined;
  /** Told of every change to the fields. */
  onDraft?: (draft: FormDraft) => void;
  /** Another workspace was chosen and is loading: Create project waits for its form. */
  waiting?: boolean;
  /** Told when a request to create starts and ends: the workspace is not changed under it. */
  onCreating?: (creating: boolean) => void;
  page: TargetPage;
  history: HistoryStart;
  /** The workspace's project link template: Open project after a success and beside each known project, when set. */
  projectLink?: string | undefined;
  /** Shown between the form and the recent projects (Register N selected tabs), so that it is in view. */
  children?: ReactNode;
}

export function ProjectForm({
  workspaceId,
  draft,
  onDraft,
  waiting = false,
  onCreating,
  page,
  history: historyStart,
  projectLink,
  children,
}: ProjectFormProps) {
  const extensionOrigin = browser.runtime.getURL('/');
  // The page's address as a reader reads it (a Unicode host, decoded non-ASCII path), as the address bar
  // shows it; left as shown, the page's own address (what the tab reported) is what is registered.
  const shownPageUrl = useMemo(() => displayUrl(page.url), [page.url]);
  const [projectUrl, setProjectUrl] = useState(draft?.projectUrl ?? shownPageUrl);
  const [projectName, setProjectName] = useState(draft?.projectName ?? page.title);
  useEffect(() => {
    onDraft?.({ projectUrl, projectName });
  }, [onDraft, projectUrl, projectName]);
  const [nameError, setNameError] = useState<string>();
  const [error, setError] = useState<AppError>();
  const [created, setCreated] = useState<{ projectId: string; project: ProjectInput }>();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const urlField = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // A page that cannot be registered (a browser page, a hidden address…) is said under the address at
  // once, with what to do instead; what is typed there is judged as it is typed; Create project waits
  // for an address that can be registered.
  const pageProblem = explainTargetPage(page, extensionOrigin);
  const urlProblem = explainUnregistrableUrl(projectUrl, extensionOrigin);
  const pageUrlKept = pageProblem !== undefined && projectUrl === shownPageUrl;

  // The first render has the newest projects (or the whole history, when its read was quicker); the whole
  // history follows at once. Create project never relies on it: the background checks again.
  const [storedHistory, reloadHistory] = useHistory(workspaceId, historyStart);
  const history = storedHistory.entries;
  const index = useMemo(() => indexHistory(history), [history]);
  const duplicates = useMemo(() => findDuplicates(index, projectUrl), [index, projectUrl]);
  // A confirmation holds for the address it was given for, not for whatever is typed next.
  const [confirmedUrl, setConfirmedUrl] = useState<string>();
  const confirmed = duplicates !== undefined && confirmedUrl === duplicates.normalizedUrl;
  const needsConfirmation = Boolean(duplicates?.samePage.length) && !confirmed;

  // Focus starts on the first thing that still needs the reviewer: an address that is missing or cannot
  // be registered, a missing name, the warning that the page was registered before; with all of that
  // settled, Create project itself, so that Enter registers the prefilled page at once (Shift+Tab
  // reaches the name to change it). The form of a workspace chosen in the picker leaves the focus there
  // (the reviewer may be going through its options with the arrow keys).
  useEffect(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body)
      (urlProblem
        ? urlField
        : !projectName.trim()
          ? nameField
          : needsConfirmation
            ? confirmButton
            : createButton
      ).current?.focus();
    markPopupReady();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the state the form opens with counts
  }, []);

  // Once the form is drawn, while the reviewer reads it, what the press needs is made ready: the port
  // its message goes over, its request's check and answer's schema, and its result's components (run
  // once off the page). The press then spends its time on the request, not on first runs of our code.
  useEffect(() => {
    const idle = requestIdleCallback(
      () => {
        keepMessagePortOpen();
        const opened = { projectUrl: page.url, projectName: page.title };
        const checked = validateProjectInput(opened, extensionOrigin);
        const project = checked.ok ? checked.value : opened;
        createProject.request.safeParse({ ...project, workspaceId });
        answerSchemaOf(createProject);
        rehearseProjectCreated(project, projectLinkOf(projectLink, '0'));
      },
      { timeout: 1000 },
    );
    return () => cancelIdleCallback(idle);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form: what it readies does not change
  }, []);

  // The warning appeared after the form did (the whole history came, or the background said so): focus
  // moves from Create project, now disabled, to Register again.
  useEffect(() => {
    const focused = document.activeElement;
    if (needsConfirmation && (focused === createButton.current || focused === document.body))
      confirmButton.current?.focus();
  }, [needsConfirmation]);

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
    if (inFlight.current || waiting) return; // a second click never sends a second request
    if (needsConfirmation) {
      confirmButton.current?.focus();
      return;
    }
    const sentUrl = projectUrl === shownPageUrl ? page.url : projectUrl;
    const checked = validateProjectInput({ projectUrl: sentUrl, projectName }, extensionOrigin);
    if (!checked.ok) {
      setNameError(checked.errors.projectName);
      nameField.current?.focus(); // the address cannot be wrong here: Create project waits for a good one
      return;
    }
    setNameError(undefined);
    setError(undefined);
    inFlight.current = true;
    onCreating?.(true);
    const progress = setTimeout(() => {
      keepFocusWhileBusy(createButton.current);
      setSubmitting(true);
    }, PROGRESS_AFTER_MS);
    const result = await sendMessage(createProject, { ...checked.value, workspaceId, registerAgain: confirmed });
    clearTimeout(progress);
    inFlight.current = false;
    onCreating?.(false);
    // The page was registered before the popup knew: the history read again shows the warning, with
    // Register again (else the background's word is said as it is).
    if (!result.ok && result.error.code === 'REGISTERED_BEFORE') {
      setSubmitting(false);
      const reloaded = (await reloadHistory()).entries;
      if (!findDuplicates(indexHistory(reloaded), sentUrl)?.samePage.length) setError(result.error);
      return;
    }
    // Rendered at once, in the task that brought the answer: as a plain update it would wait for a task
    // of its own, behind the storage events of the history's append (which the popup follows too).
    flushSync(() => {
      setSubmitting(false);
      if (result.ok) setCreated({ projectId: result.value.projectId, project: checked.value });
      else setError(result.error);
    });
  };

  // Done closes the popup; popup.html opened in a tab starts again: a fresh form, read afresh.
  const done = () => void closesOnDone().then((close) => (close ? window.close() : location.reload()));

  if (created)
    return <ProjectCreated {...created} link={projectLinkOf(projectLink, created.projectId)} onDone={done} />;
  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          ref={urlField}
          label={t('fieldProjectUrl')}
          value={projectUrl}
          onChange={setProjectUrl}
          error={pageUrlKept || !projectUrl.trim() ? undefined : urlProblem}
          hint={pageUrlKept ? `${pageProblem} ${t('typeAddressInstead')}` : undefined}
          onFocus={selectAll}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          ref={nameField}
          label={t('fieldProjectName')}
          value={projectName}
          onChange={(value) => (setProjectName(value), setNameError(undefined))}
          error={nameError ?? projectNameProblemAsTyped(projectName)}
          autoComplete="off"
        />
        {duplicates && (
          <DuplicateWarning
            id={WARNING_ID}
            report={duplicates}
            confirmed={confirmed}
            onConfirm={confirm}
            confirmRef={confirmButton}
            projectLink={projectLink}
          />
        )}
        {error && (
          <ProjectError
            error={error}
            existingLink={projectLinkOf(projectLink, error.relatedId)}
            onOpenSettings={() => openSettingsAt('connection/project-api')}
          />
        )}
        <button
          ref={createButton}
          type="submit"
          className="primary"
          disabled={submitting || waiting || needsConfirmation || urlProblem !== undefined}
          aria-busy={submitting || waiting}
          aria-describedby={needsConfirmation ? WARNING_ID : undefined}
        >
          {t('createProject')}
        </button>
        {submitting && <span className="progress">{t('creatingProject')}</span>}
      </form>
      {children}
      <RecentProjects entries={history} projectLink={projectLink} onShowAll={showAllProjects} />
    </>
  );
}
