// @vitest-environment happy-dom
// entrypoints/popup/first-screen.ts: the popup's first screen drawn before React, for the common opening
// only, and what the reviewer does on it (types, chooses, presses) done again on React's, which replaces
// it. test/e2e/popup-first-screen.spec.ts holds the two screens equal in the real popup.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/entrypoints/popup/App';
import { drawFirstScreen, finishFirstScreen, handOverFirstScreen } from '@/entrypoints/popup/first-screen';
import type { PopupState } from '@/entrypoints/popup/popup-state';
import { RECENT, stateFor } from '../helpers/popup-state';

const sent = vi.hoisted(() => [] as { name: string; data: unknown }[]);
vi.mock('@/lib/messaging/client', () => ({
  keepMessagePortOpen: () => {},
  readAnswer: vi.fn(),
  sendMessage: (definition: { name: string }, data: unknown) => {
    sent.push({ name: definition.name, data });
    return new Promise(() => {}); // the answer does not matter here
  },
}));

// happy-dom has no idle callbacks (ProjectForm readies the press in one): a task instead.
Object.assign(globalThis, {
  requestIdleCallback: (run: () => void) => setTimeout(run, 0),
  cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
});

let root: HTMLElement;
beforeEach(() => {
  sent.length = 0;
  performance.clearMarks();
  root = document.createElement('div');
  document.body.replaceChildren(root);
});
let react: Root | undefined;
afterEach(() => {
  // A screen drawn and not handed over (a test that draws none) leaves nothing for the next test.
  handOverFirstScreen();
  // Nor does React: work it scheduled (a promise's answer rendered) would run after the file's window
  // is gone ("window is not defined", uncaught, failing the run).
  react?.unmount();
  react = undefined;
});

/** React's first render in place of the first screen, as mount.tsx does it. */
function takeOver(state: PopupState): void {
  const handOver = handOverFirstScreen();
  react = createRoot(root);
  flushSync(() => react!.render(<App initial={state} />));
  handOver?.();
}

const byLabel = (label: string) =>
  root.querySelector<HTMLInputElement>(
    `#${CSS.escape([...root.querySelectorAll('label')].find((each) => each.textContent === label)!.htmlFor)}`,
  )!;
const button = (text: string) => [...root.querySelectorAll('button')].find((each) => each.textContent === text)!;

describe('the popup’s first screen before React', () => {
  it('is the filled form, focused on Create project, and marks the popup ready', () => {
    // Drawn: main.ts waits for its paint before it imports React.
    expect(drawFirstScreen(root, stateFor())).toBe(true);
    expect(byLabel('Project URL').value).toBe('https://example.com/new');
    expect(byLabel('Project name').value).toBe('A new page');
    expect(document.activeElement).toBe(button('Create project'));
    expect(root.querySelector('.recent li')?.textContent).toContain('Recent page');
    // Its dates once it has been painted (main.ts): the first date formatted sets up the browser's date data.
    expect(root.querySelector('.recent time')?.textContent).toBe('');
    finishFirstScreen();
    expect(root.querySelector('.recent time')?.textContent).not.toBe('');
    expect(root.querySelector('.recent time')?.getAttribute('title')).toMatch(/^Registered /);
    expect(root.querySelector<HTMLAnchorElement>('.recent a')?.href).toBe('https://app.example.com/p/prj_recent');
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(1);
  });

  it('says under the form how many other pages of the site are registered, as React’s form does', () => {
    drawFirstScreen(root, stateFor({ url: 'https://other.example.org/another' }));
    expect(root.querySelector('#duplicate-warning')?.textContent).toBe(
      '1 other page of other.example.org is registered.',
    );
    expect(document.activeElement).toBe(button('Create project'));
  });

  it.each([
    ['a page registered before', { url: RECENT.projectUrl }],
    ['a page without a title (the name must be typed)', { title: ' ' }],
    ['a browser page', { url: 'chrome://settings/' }],
    ['a locked workspace', { lockOn: true }],
    ['a workspace not set up', { missing: ['apiKey'] }],
  ])('is left to React for %s', (_, overrides) => {
    // Not drawn: main.ts imports React at once.
    expect(drawFirstScreen(root, stateFor(overrides))).toBe(false);
    expect(root.childElementCount).toBe(0);
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(0);
    expect(handOverFirstScreen()).toBeUndefined();
  });

  it('hands React what was typed, where the focus was, and Enter pressed: the project is created with the typed name', () => {
    const state = stateFor();
    drawFirstScreen(root, state);
    const name = byLabel('Project name');
    name.value = 'Typed before React';
    name.focus();
    name.setSelectionRange(2, 5);
    button('Create project').click(); // what Enter in the field does
    expect(sent).toEqual([]); // nothing is sent before React has the form

    takeOver(state);
    expect(byLabel('Project name').value).toBe('Typed before React');
    expect(sent.map((message) => message.name)).toEqual(['createProject']);
    expect(sent[0]!.data).toMatchObject({
      projectName: 'Typed before React',
      projectUrl: 'https://example.com/new',
      workspaceId: 'ws-1',
    });
    expect(performance.getEntriesByName('popup-ready')).toHaveLength(1);
  });

  it('Create project pressed twice before React sends one request, as two presses on React’s form do', () => {
    const state = stateFor();
    drawFirstScreen(root, state);
    button('Create project').click();
    button('Create project').click();
    takeOver(state);
    expect(sent.map((message) => message.name)).toEqual(['createProject']);
  });

  it('without a press, React’s form keeps the focus and the selection where they were, and sends nothing', () => {
    const state = stateFor();
    drawFirstScreen(root, state);
    const url = byLabel('Project URL');
    url.focus();
    url.setSelectionRange(8, 19);
    takeOver(state);
    const after = byLabel('Project URL');
    expect(after).not.toBe(url);
    expect(document.activeElement).toBe(after);
    expect([after.selectionStart, after.selectionEnd]).toEqual([8, 19]);
    expect(sent).toEqual([]);
  });

  it('a workspace chosen in the picker before React is remembered and asked for, as a choice on React’s is', () => {
    const state = stateFor({ workspaces: 2 });
    drawFirstScreen(root, state);
    const picker = root.querySelector('select')!;
    expect(picker.value).toBe('ws-1');
    picker.value = 'ws-2';
    takeOver(state);
    expect(sent).toEqual([
      { name: 'useWorkspace', data: { workspaceId: 'ws-2' } },
      { name: 'getPopupView', data: { preferWorkspace: 'ws-2' } },
    ]);
  });
});
