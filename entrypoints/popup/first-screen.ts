import { browser } from 'wxt/browser';
import { projectLinkOf } from '@/lib/api/project-link';
import { formatCompactDateTime, formatDateTime, t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import { findDuplicates, indexHistory } from '@/lib/projects/find-duplicates';
import {
  explainTargetPage,
  explainUnregistrableUrl,
  projectNameProblemAsTyped,
} from '@/lib/projects/validate-project-input';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';
import { firstScreen, RECENT_PROJECTS_SHOWN } from '@/lib/storage/popup-view/popup-view-schema';
import { displayUrl } from '@/lib/url/display-url';
import { workspaceLabel } from '@/lib/workspaces/workspace-label';
import type { PopupState } from './popup-state';
import { markPopupReady } from './ready-mark';
import { sameSiteNote } from './same-site-note';

// The popup's first screen, drawn before React is loaded (design.md §15). React DOM is most of the popup's
// code (202 of 273 KB): on a stopped worker the page's process is new and has it to load, compile and run
// before it can draw, 25–35 ms more than an empty page takes (docs/performance.md, "The popup's first
// screen before React"). The common opening (a page that can be registered, in a workspace ready to
// register it, not registered before) is drawn here with the DOM, element for element as React draws it
// (App, ProjectForm, RecentProjects; test/e2e/popup-first-screen.spec.ts compares the two), and React's
// first render replaces it in place. What the user did meanwhile is done again on React's: what was
// typed or chosen, where the focus was, and every press (Enter, Create project, Copy, Show all). Any
// other opening (locked, not set up, a browser page, a page registered before…) is React's from the start.

type Child = Node | string | false | undefined;

/** An element with these attributes (none where undefined) and children, as JSX writes one. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined>,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) made.setAttribute(name, value);
  made.append(...children.filter((child): child is Node | string => child !== false && child !== undefined));
  return made;
}

/** components/TextField.tsx, with neither hint nor error. */
function textField(id: string, label: string, value: string, attributes: Record<string, string> = {}) {
  const input = element('input', { id, value, ...attributes });
  return element('div', { class: 'field' }, element('label', { for: id }, label), input);
}

/**
 * A project's date, written once the first screen has been painted (finishFirstScreen): the first date
 * formatted in a new extension process sets up the browser's date and time zone data, 15–20 ms on a
 * stopped worker (bench of 2026-11-29), which the form need not wait for. The row keeps its height.
 */
const undatedTimes: { time: HTMLTimeElement; iso: string }[] = [];
function dateOf(iso: string): HTMLTimeElement {
  const time = element('time', { class: 'recent-date', datetime: iso });
  undatedTimes.push({ time, iso });
  return time;
}

/** Writes the recent projects' dates (dateOf), as RecentProjects does: after the first screen's paint. */
export function finishFirstScreen(): void {
  for (const { time, iso } of undatedTimes.splice(0)) {
    time.title = t('registeredOn', formatDateTime(iso));
    time.textContent = formatCompactDateTime(iso);
  }
}

/** RecentProjects.tsx: the newest projects, newest first. */
function recentProjects(entries: readonly HistoryEntry[], projectLink: string | undefined): Child {
  const recent = entries.slice(-RECENT_PROJECTS_SHOWN).reverse();
  if (recent.length === 0) return undefined;
  const item = (entry: HistoryEntry) => {
    const link = projectLinkOf(projectLink, entry.projectId);
    return element(
      'li',
      {},
      element(
        'span',
        { class: 'recent-name', title: `${entry.projectName}\n${displayUrl(entry.projectUrl)}` },
        entry.projectName,
      ),
      element(
        'span',
        { class: 'recent-meta' },
        element('code', { class: 'recent-id', title: entry.projectId }, entry.projectId),
        dateOf(entry.createdAt),
      ),
      element(
        'span',
        { class: 'actions' },
        element(
          'button',
          { type: 'button', 'aria-label': t('copyProjectIdOf', entry.projectName) },
          t('copyProjectId'),
        ),
        element('span', { class: 'copy-feedback', 'aria-live': 'polite' }),
        link &&
          ('refused' in link
            ? element('span', { class: 'hint' }, messageText(link.refused))
            : element(
                'a',
                {
                  class: 'button',
                  href: link.href,
                  target: '_blank',
                  rel: 'noopener noreferrer',
                  'aria-label': t('openProjectOf', entry.projectName),
                  title: t('opensInNewTab'),
                },
                t('openProject'),
              )),
      ),
    );
  };
  return element(
    'section',
    { class: 'recent', 'aria-labelledby': 'recent-heading' },
    element('h2', { id: 'recent-heading' }, t('recentProjects')),
    element('ul', {}, ...recent.map(item)),
    element('button', { type: 'button', class: 'link' }, t('showAllProjects')),
  );
}

/** What the user can change or press on the first screen, in document order, on it and on React's alike. */
const controlsOf = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement | HTMLAnchorElement>(
    'input, select, button, a[href]',
  ),
];

interface Drawn {
  root: HTMLElement;
  /** Each control's value as drawn (what was typed or chosen is what differs at the handover). */
  values: string[];
  /** The controls pressed, by their place among the controls. */
  presses: number[];
  stop: () => void;
}

let drawn: Drawn | undefined;

/**
 * Draws the popup's first screen in `root` when React's first render would be the plain form, and marks
 * the popup ready; else leaves `root` empty for React. Whether it drew.
 */
export function drawFirstScreen(root: HTMLElement, state: PopupState): boolean {
  const { start, page, history } = state;
  if (!start.ok) return false;
  const screen = firstScreen(start.value);
  if (screen.kind !== 'form') return false;
  // The form's opening state, judged as ProjectForm judges it: anything to say or to confirm is React's.
  const extensionOrigin = browser.runtime.getURL('/');
  const shownUrl = displayUrl(page.url);
  // Other pages of its site registered: a line under the form; the page itself registered: React's warning.
  const duplicates = findDuplicates(indexHistory(history.shown.entries), shownUrl);
  if (
    explainTargetPage(page, extensionOrigin) !== undefined ||
    explainUnregistrableUrl(shownUrl, extensionOrigin) !== undefined ||
    !page.title.trim() ||
    projectNameProblemAsTyped(page.title) !== undefined ||
    duplicates?.samePage.length
  )
    return false;

  const { view } = start.value;
  const picker =
    view.workspaces.length > 1
      ? element(
          'div',
          { class: 'field workspace' },
          element('label', { for: 'workspace' }, t('workspaceSelect')),
          element(
            'select',
            { id: 'workspace' },
            ...view.workspaces.map((workspace) =>
              element('option', { value: workspace.id }, workspaceLabel(workspace)),
            ),
          ),
        )
      : undefined;
  const create = element('button', { type: 'submit', class: 'primary', 'aria-busy': 'false' }, t('createProject'));
  const form = element(
    'form',
    { novalidate: '' },
    textField('first-screen-url', t('fieldProjectUrl'), shownUrl, {
      inputmode: 'url',
      autocomplete: 'off',
      spellcheck: 'false',
    }),
    textField('first-screen-name', t('fieldProjectName'), page.title, { autocomplete: 'off' }),
    duplicates && element('p', { id: 'duplicate-warning', class: 'hint' }, sameSiteNote(duplicates)),
    create,
  );
  root.replaceChildren(
    element(
      'main',
      {},
      element('h1', {}, t('popupHeading')),
      picker,
      form,
      recentProjects(history.shown.entries, screen.projectLink),
    ),
    element('footer', {}),
  );
  if (picker) picker.querySelector('select')!.value = view.workspaceId;

  const presses: number[] = [];
  const onClick = (event: MouseEvent) => {
    const pressed = (event.target as Element).closest('button');
    if (pressed && root.contains(pressed)) presses.push(controlsOf(root).indexOf(pressed));
  };
  // Enter in a field presses Create project (a click the browser makes); the submit itself is React's.
  const onSubmit = (event: SubmitEvent) => event.preventDefault();
  root.addEventListener('click', onClick);
  form.addEventListener('submit', onSubmit);
  drawn = {
    root,
    values: controlsOf(root).map((control) => ('value' in control ? control.value : '')),
    presses,
    stop: () => {
      root.removeEventListener('click', onClick);
      form.removeEventListener('submit', onSubmit);
    },
  };
  create.focus();
  markPopupReady();
  return true;
}

/** Sets a control's value as typing or choosing does, so that React's onChange sees it. */
function enter(control: HTMLInputElement | HTMLSelectElement, value: string): void {
  const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Called just before React's first render replaces the first screen: returns what to do once it has,
 * to carry over what the user did on the first screen (nothing when none was drawn).
 */
export function handOverFirstScreen(): (() => void) | undefined {
  if (!drawn) return undefined;
  finishFirstScreen();
  const { root, values, presses, stop } = drawn;
  drawn = undefined;
  stop();
  const before = controlsOf(root);
  const typed = before.map((control, index) =>
    'value' in control && control.value !== values[index] ? control.value : undefined,
  );
  const focused = before.indexOf(document.activeElement as (typeof before)[number]);
  const focusedInput = before[focused];
  const selection =
    focusedInput instanceof HTMLInputElement &&
    focusedInput.selectionStart !== null &&
    focusedInput.selectionEnd !== null
      ? {
          start: focusedInput.selectionStart,
          end: focusedInput.selectionEnd,
          direction: focusedInput.selectionDirection ?? undefined,
        }
      : undefined;
  return () => {
    const after = controlsOf(root);
    typed.forEach((value, index) => {
      const control = after[index];
      if (value !== undefined && (control instanceof HTMLInputElement || control instanceof HTMLSelectElement))
        enter(control, value);
    });
    const focus = after[focused];
    if (focus) {
      focus.focus();
      if (focus instanceof HTMLInputElement && selection)
        focus.setSelectionRange(selection.start, selection.end, selection.direction);
    }
    for (const index of presses) after[index]?.click();
  };
}
