import { ProjectHistorySection } from './ProjectHistorySection';
import { RegisterPagesSection } from './RegisterPagesSection';
import './register.css';

/** Options → Projects: register many pages at once, then every project created from this browser. */
export function ProjectsSection() {
  return (
    <>
      <RegisterPagesSection />
      <ProjectHistorySection />
    </>
  );
}
