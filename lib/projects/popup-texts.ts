import { browser } from 'wxt/browser';
import { languageDigits, messageTemplate } from '../i18n';
import {
  FIRST_SCREEN_TEXT_NAMES,
  textsBuild,
  writePopupTexts,
  type PopupTexts,
} from '../storage/popup-view/popup-texts';

/** The popup's first-screen texts as this build gives them in the browser's language now. */
export function currentPopupTexts(): PopupTexts {
  return {
    version: 1,
    build: textsBuild(),
    uiLocale: browser.i18n.getUILanguage(),
    texts: FIRST_SCREEN_TEXT_NAMES.map(messageTemplate),
    digits: languageDigits(),
  };
}

/**
 * Stores them, for the next opening: by the popup, once its first screen is drawn, when none of this
 * build in this language were stored (a first opening, an update, another language; entrypoints/popup/main.ts).
 */
export const storePopupTexts = (): Promise<void> => writePopupTexts(currentPopupTexts());
