import { CopyButton } from '@/components/CopyButton';
import { StatusMessage } from '@/components/Alert';
import { t } from '@/lib/i18n';

export function ProjectCreated({ projectId, projectUrl }: { projectId: string; projectUrl: string }) {
  return (
    <section className="result">
      <StatusMessage>{t('projectCreated', projectUrl)}</StatusMessage>
      <div className="field">
        <label htmlFor="project-id">{t('projectIdLabel')}</label>
        <input id="project-id" readOnly value={projectId} onFocus={(event) => event.target.select()} />
      </div>
      <div className="actions">
        <CopyButton value={projectId} label={t('copyProjectId')} />
      </div>
    </section>
  );
}
