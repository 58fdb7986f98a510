import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProjectCreated } from '@/entrypoints/popup/ProjectCreated';
import { ProjectError } from '@/entrypoints/popup/ProjectError';
import { projectLinkOf } from '@/lib/api/project-link';
import { fail, type AppError } from '@/lib/result';
import { text } from '@/lib/message-ref';

const TEMPLATE = 'https://app.example.com/projects/{projectId}';
const project = { projectUrl: 'https://example.com/a', projectName: 'Launch page' };
const OPEN =
  /<a class="button" href="([^"]*)" target="_blank" rel="noopener noreferrer" title="Opens in a new tab">Open project<\/a>/;

describe('the popup’s Open project', () => {
  it('follows a created project when the workspace has a project link: a new-tab link, without opener or referrer', () => {
    const html = renderToStaticMarkup(
      <ProjectCreated
        projectId="prj 1/2"
        project={project}
        link={projectLinkOf(TEMPLATE, 'prj 1/2')}
        onDone={() => {}}
      />,
    );
    expect(html.match(OPEN)?.[1]).toBe('https://app.example.com/projects/prj%201%2F2');
    // After Copy project ID, before Done.
    expect(html.indexOf('Copy project ID')).toBeLessThan(html.indexOf('Open project'));
    expect(html.indexOf('Open project')).toBeLessThan(html.indexOf('Done'));
  });

  it('is absent without a project link', () => {
    const html = renderToStaticMarkup(
      <ProjectCreated projectId="prj_1" project={project} link={projectLinkOf(undefined, 'prj_1')} onDone={() => {}} />,
    );
    expect(html).not.toContain('Open project');
    expect(html).toContain('Copy project ID');
  });

  it('opens the existing project when the service says the site has one and names it', () => {
    const exists = (relatedId?: string): AppError => {
      const result = fail('ALREADY_EXISTS', text('siteAlreadyHasProject'), relatedId ? { relatedId } : {});
      if (result.ok) throw new Error('a failure');
      return result.error;
    };
    const named = renderToStaticMarkup(
      <ProjectError
        error={exists('prj_old')}
        existingLink={projectLinkOf(TEMPLATE, 'prj_old')}
        onOpenSettings={() => {}}
      />,
    );
    expect(named).toContain('role="alert"');
    expect(named.match(OPEN)?.[1]).toBe('https://app.example.com/projects/prj_old');
    const unnamed = renderToStaticMarkup(
      <ProjectError error={exists()} existingLink={projectLinkOf(TEMPLATE, undefined)} onOpenSettings={() => {}} />,
    );
    expect(unnamed).not.toContain('Open project');
  });

  it.each(['.', '..'])('says why there is no link for a project ID of %s, which would change its address', (id) => {
    const html = renderToStaticMarkup(
      <ProjectCreated projectId={id} project={project} link={projectLinkOf(TEMPLATE, id)} onDone={() => {}} />,
    );
    expect(html).not.toContain('<a ');
    expect(html).toContain(
      `No link: the project ID “${id}” would change the link’s address instead of naming a project.`,
    );
  });
});
