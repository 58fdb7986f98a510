import { browser } from 'wxt/browser';
import { canonicalJson } from '../hash/sha256';
import { messageTemplate } from '../i18n';
import {
  FIRST_SCREEN_MESSAGES,
  FIRST_SCREEN_PLURALS,
  PLURAL_CATEGORIES,
  storedPopupTexts,
  type PopupTexts,
} from '../storage/popup-view/popup-texts';

/** The popup's first-screen texts as this version gives them in the browser's language now. */
export function currentPopupTexts(): PopupTexts {
  const names = [
    ...FIRST_SCREEN_MESSAGES,
    ...FIRST_SCREEN_PLURALS.flatMap((base) => PLURAL_CATEGORIES.map((category) => `${base}_${category}`)),
  ];
  return {
    version: 1,
    extensionVersion: browser.runtime.getManifest().version,
    uiLocale: browser.i18n.getUILanguage(),
    messages: Object.fromEntries(names.map((name) => [name, messageTemplate(name)])),
  };
}

/**
 * Writes `local:popupTexts` when it is not what this version would write in the browser's language (a
 * first start, an update, another language): a moment after the worker starts (entrypoints/background).
 */
export async function keepPopupTextsCurrent(): Promise<void> {
  const current = currentPopupTexts();
  const stored = await storedPopupTexts().read();
  // Compared as canonical JSON: the browser gives a stored object back with its keys sorted.
  if (stored && canonicalJson(stored) === canonicalJson(current)) return;
  await storedPopupTexts().write(current);
}
