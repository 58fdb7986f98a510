import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { StatusMessage } from '@/components/Alert';
import { t } from '@/lib/i18n';
import type { ProjectInput } from '@/lib/api/project-input';
import { OpenProjectLink } from '@/components/OpenProjectLink';
import type { ProjectLink } from '@/lib/api/project-link';

interface ProjectCreatedProps {
  projectId: string;
  /** What was sent: the name as the service has it. */
  project: ProjectInput;
  /** The project's page (the workspace's project link), when the workspace has one. */
  link?: ProjectLink | undefined;
  onDone: () => void;
}

/** The new project by its name, its ID to copy, Open project (with a project link), and Done. */
export function ProjectCreated({ projectId, project, link, onDone }: ProjectCreatedProps) {
  const idField = useRef<HTMLInputElement>(null);
  // The form that had focus is gone: focus goes to the id (selected, ready to copy), not to <body>. In
  // the frame that first draws the result, not in the task that inserts it: focus() computes style and
  // layout at once (Chromium), three passes in that task where the frame's own single pass suffices.
  useEffect(() => {
    const frame = requestAnimationFrame(() => idField.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <section className="result">
      <StatusMessage>{t('projectCreated', project.projectName)}</StatusMessage>
      <div className="field">
        <label htmlFor="project-id">{t('projectIdLabel')}</label>
        <input id="project-id" ref={idField} readOnly value={projectId} onFocus={(event) => event.target.select()} />
      </div>
      <div className="actions">
        <CopyButton value={projectId} label={t('copyProjectId')} />
        <OpenProjectLink className="button" link={link} />
        <button type="button" className="done" onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </section>
  );
}
