import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { StatusMessage } from '@/components/Alert';
import { t } from '@/lib/i18n';

export function ProjectCreated({ projectId, projectUrl }: { projectId: string; projectUrl: string }) {
  const idField = useRef<HTMLInputElement>(null);
  // The form that had focus is gone: focus goes to the id (selected, ready to copy), not to <body>.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) idField.current?.focus();
  }, []);
  return (
    <section className="result">
      <StatusMessage>{t('projectCreated', projectUrl)}</StatusMessage>
      <div className="field">
        <label htmlFor="project-id">{t('projectIdLabel')}</label>
        <input ref={idField} id="project-id" readOnly value={projectId} onFocus={(event) => event.target.select()} />
      </div>
      <div className="actions">
        <CopyButton value={projectId} label={t('copyProjectId')} />
      </div>
    </section>
  );
}
