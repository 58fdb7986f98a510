import { describe, expect, it } from 'vitest';
import {
  checkProjectLinkTemplate,
  projectLinkFor,
  projectLinkOf,
  type ProjectLinkProblem,
} from '@/lib/api/project-link';
import { projectLinkProblemMessage, projectLinkProblemText } from '@/lib/api/project-link-problem';
import { messageText } from '@/lib/message-ref';
import { MAX_ADDRESS_LENGTH } from '@/lib/url/address-length';

const EXAMPLE = 'https://app.example.com/projects/{projectId}';

describe('checkProjectLinkTemplate: accepted', () => {
  it.each([
    ['empty: the link is off', '', ''],
    ['only spaces: off too', '   \n ', ''],
    ['the example', EXAMPLE, EXAMPLE],
    ['trimmed', `  ${EXAMPLE}\n`, EXAMPLE],
    [
      'the id in the query',
      'https://app.example.com/view?project={projectId}&tab=pages',
      'https://app.example.com/view?project={projectId}&tab=pages',
    ],
    [
      'the id in the fragment (a single-page app)',
      'https://app.example.com/#/projects/{projectId}',
      'https://app.example.com/#/projects/{projectId}',
    ],
    [
      'the id inside a path segment',
      'https://app.example.com/p/prefix-{projectId}-suffix',
      'https://app.example.com/p/prefix-{projectId}-suffix',
    ],
    [
      'a port',
      'https://app.example.com:8443/projects/{projectId}',
      'https://app.example.com:8443/projects/{projectId}',
    ],
    [
      'plain http on this computer',
      'http://127.0.0.1:8787/app/projects/{projectId}',
      'http://127.0.0.1:8787/app/projects/{projectId}',
    ],
    ['plain http on localhost', 'http://localhost/{projectId}', 'http://localhost/{projectId}'],
    [
      'an international host',
      'https://bücher.example/projekte/{projectId}',
      'https://bücher.example/projekte/{projectId}',
    ],
  ])('%s', (_label, raw, template) => {
    expect(checkProjectLinkTemplate(raw)).toEqual({ ok: true, template });
  });

  it('takes a template of exactly the length limit', () => {
    const start = 'https://a.example/';
    const atLimit = `${start}${'x'.repeat(MAX_ADDRESS_LENGTH - start.length - '{projectId}'.length)}{projectId}`;
    expect(atLimit).toHaveLength(MAX_ADDRESS_LENGTH);
    expect(checkProjectLinkTemplate(atLimit)).toEqual({ ok: true, template: atLimit });
    expect(checkProjectLinkTemplate(`x${atLimit}`)).toEqual({ ok: false, problem: 'too-long' });
  });
});

describe('checkProjectLinkTemplate: refused, each with its reason', () => {
  it.each<[string, string, ProjectLinkProblem]>([
    ['no placeholder', 'https://app.example.com/projects/', 'no-placeholder'],
    ['a placeholder of another case', 'https://app.example.com/projects/{projectid}', 'no-placeholder'],
    ['a placeholder without braces', 'https://app.example.com/projects/projectId', 'no-placeholder'],
    ['two placeholders', 'https://app.example.com/{projectId}/{projectId}', 'several-placeholders'],
    ['a space inside', 'https://app.example.com/my projects/{projectId}', 'spaces'],
    ['a line break inside (the URL parser would drop it silently)', 'https://app.example.com/\n{projectId}', 'spaces'],
    ['a tab inside', 'https://app.example.com/\t{projectId}', 'spaces'],
    ['a non-breaking space inside', 'https://app.example.com/\u00a0{projectId}', 'spaces'],
    ['no scheme', 'app.example.com/projects/{projectId}', 'malformed'],
    ['only the placeholder', '{projectId}', 'malformed'],
    ['the placeholder as the port', 'https://app.example.com:{projectId}/', 'malformed'],
    ['javascript:', 'javascript:alert("{projectId}")', 'not-https'],
    ['data:', 'data:text/html,{projectId}', 'not-https'],
    ['ftp', 'ftp://files.example.com/{projectId}', 'not-https'],
    ['plain http on a public host', 'http://app.example.com/projects/{projectId}', 'plain-http'],
    ['plain http on a LAN address', 'http://192.168.1.10/{projectId}', 'plain-http'],
    ['a user name and password', 'https://user:secret@app.example.com/{projectId}', 'user-info'],
    ['the placeholder as the user name', 'https://{projectId}@app.example.com/', 'user-info'],
    ['the placeholder in the host', 'https://{projectId}.app.example.com/', 'placeholder-in-host'],
    ['the placeholder as the host', 'https://{projectId}/', 'placeholder-in-host'],
    ['over the length limit', `https://app.example.com/${'x'.repeat(MAX_ADDRESS_LENGTH)}/{projectId}`, 'too-long'],
  ])('%s', (_label, raw, problem) => {
    expect(checkProjectLinkTemplate(raw)).toEqual({ ok: false, problem });
  });
});

describe('projectLinkFor', () => {
  it('puts the id in place of {projectId}', () => {
    expect(projectLinkFor(EXAMPLE, 'prj_8f2c')).toBe('https://app.example.com/projects/prj_8f2c');
    expect(projectLinkFor('https://app.example.com/view?id={projectId}#pages', 'prj_1')).toBe(
      'https://app.example.com/view?id=prj_1#pages',
    );
  });

  it('URL-encodes the id (encodeURIComponent), so an id cannot change the address around it', () => {
    expect(projectLinkFor(EXAMPLE, 'a/b?c=d#e f')).toBe('https://app.example.com/projects/a%2Fb%3Fc%3Dd%23e%20f');
    expect(projectLinkFor(EXAMPLE, 'dépôt&1')).toBe('https://app.example.com/projects/d%C3%A9p%C3%B4t%261');
    // A replacement pattern in the id is taken as it is, never as `$&` of String.replace.
    expect(projectLinkFor(EXAMPLE, '$&$1')).toBe('https://app.example.com/projects/%24%26%241');
    expect(projectLinkFor(EXAMPLE, '../../admin')).toBe('https://app.example.com/projects/..%2F..%2Fadmin');
  });

  it.each([
    ['.', '.'],
    ['..', '..'],
    ['a lone surrogate half', 'prj\uD800'],
  ])('refuses an id of %s, which would change the address (…/projects/.. opens …/), with a message', (_name, id) => {
    expect(projectLinkFor(EXAMPLE, id)).toBeUndefined();
    const link = projectLinkOf(EXAMPLE, id);
    expect(link && 'refused' in link && messageText(link.refused)).toBe(
      `No link: the project ID “${id}” would change the link’s address instead of naming a project.`,
    );
    // Without a template there is no link to refuse.
    expect(projectLinkOf('', id)).toBeUndefined();
  });

  it('links ids that only contain dots beside other characters', () => {
    expect(projectLinkOf(EXAMPLE, '...')).toEqual({ href: 'https://app.example.com/projects/...' });
    expect(projectLinkOf(EXAMPLE, '.a')).toEqual({ href: 'https://app.example.com/projects/.a' });
    expect(projectLinkOf(EXAMPLE, '%2e%2e')).toEqual({ href: 'https://app.example.com/projects/%252e%252e' });
  });

  it('gives no link without a template or an id, and never one that is not an http(s) address', () => {
    expect(projectLinkFor('', 'prj_1')).toBeUndefined();
    expect(projectLinkFor(undefined, 'prj_1')).toBeUndefined();
    expect(projectLinkFor(EXAMPLE, '')).toBeUndefined();
    expect(projectLinkFor(EXAMPLE, undefined)).toBeUndefined();
    expect(projectLinkFor('javascript:alert("{projectId}")', 'prj_1')).toBeUndefined();
    expect(projectLinkFor(' javascript:alert("{projectId}")', 'prj_1')).toBeUndefined();
    expect(projectLinkFor('data:text/html,{projectId}', 'prj_1')).toBeUndefined();
  });
});

describe('the problems in words', () => {
  const problems: ProjectLinkProblem[] = [
    'too-long',
    'spaces',
    'no-placeholder',
    'several-placeholders',
    'malformed',
    'not-https',
    'plain-http',
    'user-info',
    'placeholder-in-host',
  ];

  it('each problem has its own text, which names the way out', () => {
    const texts = problems.map(projectLinkProblemText);
    expect(new Set(texts).size).toBe(problems.length);
    for (const text of texts) expect(text).not.toMatch(/^projectLink|^urlProblem/);
    expect(projectLinkProblemText('no-placeholder')).toContain('{projectId}');
    expect(projectLinkProblemText('several-placeholders')).toContain('{projectId}');
    expect(projectLinkProblemText('placeholder-in-host')).toContain('{projectId}');
    expect(projectLinkProblemText('not-https')).toContain('https://');
  });

  it('the length limit is said with its number', () => {
    expect(projectLinkProblemMessage('too-long')).toEqual({ key: 'projectLinkProblemTooLong', args: [2048] });
    expect(messageText(projectLinkProblemMessage('too-long'))).toContain('2,048');
  });
});
