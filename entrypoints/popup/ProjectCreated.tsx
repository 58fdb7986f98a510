import { CopyButton } from '@/components/CopyButton';
import { StatusMessage } from '@/components/Alert';

export function ProjectCreated({ projectId, projectUrl }: { projectId: string; projectUrl: string }) {
  return (
    <section className="result">
      <StatusMessage>Project created for {projectUrl}.</StatusMessage>
      <div className="field">
        <label htmlFor="project-id">Project ID</label>
        <input id="project-id" readOnly value={projectId} onFocus={(event) => event.target.select()} />
      </div>
      <div className="actions">
        <CopyButton value={projectId} label="Copy project ID" />
      </div>
    </section>
  );
}
