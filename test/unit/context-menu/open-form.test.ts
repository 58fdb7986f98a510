import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FORM_WINDOW_SIZE, formPath, openRegistrationForm, type FormTarget } from '@/lib/context-menu/open-form';
import { installFakeAction, removeOpenPopup } from '../helpers/fake-extension-apis';

const EXTENSION = 'chrome-extension://test-extension-id/';
const tabTarget: FormTarget = { kind: 'tab', tabId: 7, windowId: 3 };
const linkTarget: FormTarget = {
  kind: 'link',
  url: 'https://example.com/a?b=1&c=2#x',
  title: 'A & B',
  tabId: 7,
  windowId: 3,
};

beforeEach(() => {
  fakeBrowser.reset();
});

function spyWindows() {
  return vi.spyOn(fakeBrowser.windows, 'create');
}

describe('formPath', () => {
  it('names the tab, or carries the link encoded', () => {
    expect(formPath(tabTarget)).toBe('popup.html?tabId=7');
    expect(formPath(linkTarget)).toBe('popup.html?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2%23x&title=A+%26+B');
    expect(new URLSearchParams(formPath(linkTarget).split('?')[1]).get('url')).toBe(linkTarget.url);
  });
});

describe('openRegistrationForm', () => {
  it('a tab: the toolbar popup where the browser opens it', async () => {
    const action = installFakeAction(() => Promise.resolve());
    const windows = spyWindows();
    expect(await openRegistrationForm(tabTarget)).toBe('popup');
    expect(action.openPopup).toHaveBeenCalledWith({ windowId: 3 });
    expect(action.setPopup).not.toHaveBeenCalled();
    expect(windows).not.toHaveBeenCalled();
  });

  it('a tab: openPopup rejected (Firefox outside a user action, no focused window) → a small window', async () => {
    installFakeAction(() => Promise.reject(new Error('openPopup requires a user gesture')));
    const windows = spyWindows();
    expect(await openRegistrationForm(tabTarget)).toBe('window');
    expect(windows).toHaveBeenCalledWith({ type: 'popup', url: `${EXTENSION}popup.html?tabId=7`, ...FORM_WINDOW_SIZE });
  });

  it('no openPopup at all → a small window', async () => {
    removeOpenPopup();
    const windows = spyWindows();
    expect(await openRegistrationForm(tabTarget)).toBe('window');
    expect(windows).toHaveBeenCalledWith({
      type: 'popup',
      url: `${EXTENSION}popup.html?tabId=7`,
      width: 380,
      height: 560,
    });
  });

  it('a link: the popup opens with the link in its address, and the tab’s popup is put back after', async () => {
    const action = installFakeAction(() => Promise.resolve());
    const popupAtOpening: string[] = [];
    action.openPopup.mockImplementation(() => {
      popupAtOpening.push(action.popups.get(7) ?? '');
      return Promise.resolve();
    });
    expect(await openRegistrationForm(linkTarget)).toBe('popup');
    expect(popupAtOpening).toEqual([formPath(linkTarget)]);
    expect(action.popups.get(7)).toBe('popup.html');
  });

  it('a link where openPopup is refused: the popup is put back, and a window carries the link', async () => {
    const action = installFakeAction(() => Promise.reject(new Error('no')));
    const windows = spyWindows();
    expect(await openRegistrationForm(linkTarget)).toBe('window');
    expect(action.popups.get(7)).toBe('popup.html');
    expect(windows).toHaveBeenCalledWith({
      type: 'popup',
      url: `${EXTENSION}${formPath(linkTarget)}`,
      ...FORM_WINDOW_SIZE,
    });
  });

  it('a link without a tab (nothing to set a popup on) → a window', async () => {
    const action = installFakeAction(() => Promise.resolve());
    const windows = spyWindows();
    expect(await openRegistrationForm({ kind: 'link', url: 'https://example.com/', title: 'Example' })).toBe('window');
    expect(action.openPopup).not.toHaveBeenCalled();
    expect(windows).toHaveBeenCalledOnce();
  });
});
