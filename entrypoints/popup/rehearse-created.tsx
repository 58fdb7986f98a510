import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ProjectInput } from '@/lib/api/project-input';
import { ProjectCreated } from './ProjectCreated';
import type { ProjectLink } from '@/lib/api/project-link';

const noop = () => undefined;

/**
 * Create project's result drawn once into an element that is not in the page, and dropped at once,
 * while the popup waits for the press: its components' code runs for the first time here rather than
 * in the task that brings the answer (about 2 ms in a fresh popup). Nothing is shown, announced or
 * focused (the element is never attached), and no style or layout is computed.
 */
export function rehearseProjectCreated(project: ProjectInput, link: ProjectLink | undefined): void {
  const root = createRoot(document.createElement('div'));
  try {
    flushSync(() => root.render(<ProjectCreated projectId="0" project={project} link={link} onDone={noop} />));
  } finally {
    root.unmount();
  }
}
