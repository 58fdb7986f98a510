// @vitest-environment happy-dom
// The popup's Workspace select (entrypoints/popup/App.tsx): the project is created in the workspace the
// select shows (design.md §7). Found by a CI run: a press right after a choice went to the form of the
// workspace before, whose answer was then dropped with that form.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/entrypoints/popup/App';
import { stateFor } from '../helpers/popup-state';

interface Asked {
  name: string;
  data: Record<string, unknown>;
  answer: (value: unknown) => void;
}
const asked = vi.hoisted(() => [] as Asked[]);
vi.mock('@/lib/messaging/client', () => ({
  keepMessagePortOpen: () => {},
  readAnswer: vi.fn(),
  sendMessage: (definition: { name: string }, data: Record<string, unknown>) =>
    new Promise((resolve) => asked.push({ name: definition.name, data, answer: resolve })),
}));

// happy-dom has no idle callbacks (ProjectForm readies the press in one): a task instead.
Object.assign(globalThis, {
  IS_REACT_ACT_ENVIRONMENT: true,
  requestIdleCallback: (run: () => void) => setTimeout(run, 0),
  cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
});

let container: HTMLElement;
let root: Root;
/** Lets what the popup reads after its first render (its history, the shortcut) come in, within act. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

beforeEach(async () => {
  asked.length = 0;
  container = document.createElement('div');
  document.body.replaceChildren(container);
  root = createRoot(container);
  act(() => root.render(<App initial={stateFor({ workspaces: 3 })} />));
  await settle();
});
afterEach(() => act(() => root.unmount()));

const picker = () => container.querySelector<HTMLSelectElement>('select#workspace')!;
const field = (label: string) =>
  container.querySelector<HTMLInputElement>(
    `#${CSS.escape([...container.querySelectorAll('label')].find((each) => each.textContent === label)!.htmlFor)}`,
  )!;
const createButton = () =>
  [...container.querySelectorAll('button')].find((each) => each.textContent === 'Create project')!;
const namesAsked = () => asked.map(({ name }) => name);

function choose(workspaceId: string): void {
  act(() => {
    picker().value = workspaceId;
    picker().dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function type(label: string, value: string): void {
  act(() => {
    const input = field(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The background's answer to the popup view asked for `workspaceId`. */
async function answerView(workspaceId: string): Promise<void> {
  const request = asked.find(({ name, data }) => name === 'getPopupView' && data.preferWorkspace === workspaceId)!;
  await act(() => Promise.resolve(request.answer(stateFor({ workspaces: 3, workspaceId }).start)));
  await settle();
}

describe('the popup’s Workspace select', () => {
  it('shows the choice at once; Create project waits for its workspace, then creates there with what was typed', async () => {
    type('Project name', 'Typed before the choice');
    picker().focus();
    choose('ws-2');
    expect(picker().value).toBe('ws-2');
    expect(namesAsked()).toEqual(['useWorkspace', 'getPopupView']);
    expect(createButton().disabled).toBe(true);
    expect(createButton().getAttribute('aria-busy')).toBe('true');
    // Enter in a field meanwhile creates nothing (in the workspace before, it would have).
    act(() => field('Project name').form!.requestSubmit());
    expect(namesAsked()).not.toContain('createProject');

    await answerView('ws-2');
    expect(createButton().disabled).toBe(false);
    expect(field('Project name').value).toBe('Typed before the choice');
    // The reviewer may go on through the options with the arrow keys: the focus stays on the select.
    expect(document.activeElement).toBe(picker());
    act(() => createButton().click());
    expect(asked.at(-1)).toMatchObject({
      name: 'createProject',
      data: { workspaceId: 'ws-2', projectName: 'Typed before the choice' },
    });
  });

  it('two choices in a row: the last one is shown, whichever answer comes first', async () => {
    choose('ws-2');
    choose('ws-3');
    await answerView('ws-3');
    await answerView('ws-2');
    expect(picker().value).toBe('ws-3');
    act(() => createButton().click());
    expect(asked.at(-1)).toMatchObject({ name: 'createProject', data: { workspaceId: 'ws-3' } });
  });

  it('is not changed while a project is being created: its answer shows in the form that sent it', async () => {
    act(() => createButton().click());
    const create = asked.find(({ name }) => name === 'createProject')!;
    expect(create.data.workspaceId).toBe('ws-1');
    choose('ws-2');
    expect(picker().value).toBe('ws-1');
    expect(namesAsked()).toEqual(['createProject']);
    await act(() => Promise.resolve(create.answer({ ok: true, value: { projectId: 'prj_new', message: 'Created' } })));
    expect(field('Project ID').value).toBe('prj_new');
  });
});
