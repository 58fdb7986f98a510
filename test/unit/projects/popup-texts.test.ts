// The popup's first-screen texts (lib/storage/popup-view/popup-texts.ts, lib/projects/popup-texts.ts,
// lib/i18n.ts useGivenTexts): written by the popup in the browser's language, each message with its `$1`…
// in place; a page given them asks the browser for none of them and fills them in as the browser does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageTemplate, plural, t, uiLanguage, useGivenTexts } from '@/lib/i18n';
import { currentPopupTexts, storePopupTexts } from '@/lib/projects/popup-texts';
import {
  areCurrentTexts,
  FIRST_SCREEN_MESSAGES,
  FIRST_SCREEN_PLURALS,
  FIRST_SCREEN_TEXT_NAMES,
  popupTextsSchema,
  textsByName,
  type PopupTexts,
} from '@/lib/storage/popup-view/popup-texts';
import { POPUP_TEXTS_KEY } from '@/lib/storage/popup-view/popup-view-keys';
import { loadStorageFixture } from '../fixtures/storage/load';

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ version: '0.2.0' } as never);
});

describe('the popup’s stored texts', () => {
  it('are the first screen’s messages as the browser gives them, with $1… in place and every plural form', () => {
    const texts = currentPopupTexts();
    expect(texts).toMatchObject({ version: 1, build: '0.2.0 unbuilt', uiLocale: 'en' });
    expect(texts.texts).toHaveLength(FIRST_SCREEN_TEXT_NAMES.length);
    expect(texts.digits).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(textsByName(texts)).toMatchObject({
      uiLanguage: 'en',
      createProject: 'Create project',
      copyProjectIdOf: 'Copy project ID of $1',
      sameSite_one: '$1 other page of $2 is registered.',
      sameSite_few: '',
    });
    expect(popupTextsSchema.safeParse(texts).success).toBe(true);
  });

  it('are stored as written for this version and language', async () => {
    await storePopupTexts();
    expect((await fakeBrowser.storage.local.get(POPUP_TEXTS_KEY))[POPUP_TEXTS_KEY]).toEqual(currentPopupTexts());
  });

  it('are used only when they are this version’s in the browser’s language', () => {
    const { popupTexts } = loadStorageFixture<{ popupTexts: PopupTexts }>('popup-texts.v1.json');
    expect(popupTextsSchema.parse(popupTexts)).toEqual(popupTexts);
    const build = '0.2.0 3f9a1c2b7d4e';
    expect(areCurrentTexts(popupTexts, build, 'en')).toBe(true);
    expect(areCurrentTexts(popupTexts, '0.2.1 3f9a1c2b7d4e', 'en')).toBe(false); // an update
    expect(areCurrentTexts(popupTexts, '0.2.0 0123456789ab', 'en')).toBe(false); // a message changed, same version
    expect(areCurrentTexts(popupTexts, build, 'fr')).toBe(false);
    expect(areCurrentTexts({ ...popupTexts, texts: popupTexts.texts.slice(1) }, build, 'en')).toBe(false);
    expect(areCurrentTexts({ ...popupTexts, digits: [] }, build, 'en')).toBe(false);
  });

  it('given to a page, are its texts: filled in as the browser fills them, none of them asked for', () => {
    const { popupTexts } = loadStorageFixture<{ popupTexts: PopupTexts }>('popup-texts.v1.json');
    const given = textsByName(popupTexts);
    given.createProject = 'Projekt anlegen'; // a text the page could only have from what it was given
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    useGivenTexts(given, popupTexts.digits);
    expect(uiLanguage()).toBe('en');
    expect(t('createProject')).toBe('Projekt anlegen');
    expect(t('copyProjectIdOf', 'Start “$1”')).toBe('Copy project ID of Start “$1”');
    expect(plural('sameSite', 1, 'example.com')).toBe('1 other page of example.com is registered.');
    expect(plural('sameSite', 3, 'example.com')).toBe('3 other pages of example.com are registered.');
    expect(getMessage).not.toHaveBeenCalled();
    expect(t('fieldProjectName')).toBe('Project name');
    expect(t('popupTabsRefused')).not.toBe('popupTabsRefused');
    expect(getMessage).toHaveBeenCalledWith('popupTabsRefused');
  });

  it('name every message the first screen shows', () => {
    const source = [
      'entrypoints/popup/first-screen.ts',
      'entrypoints/popup/main.ts',
      'entrypoints/popup/same-site-note.ts',
    ]
      .map((file) => readFileSync(path.join(import.meta.dirname, '../../..', file), 'utf8'))
      .join('\n');
    const named = [...source.matchAll(/\bt\('([A-Za-z_]+)'/g)].map((match) => match[1]!);
    const plurals = [...source.matchAll(/\bplural\('([A-Za-z_]+)'/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((key) => !(FIRST_SCREEN_MESSAGES as readonly string[]).includes(key))).toEqual([]);
    expect(plurals.filter((key) => !(FIRST_SCREEN_PLURALS as readonly string[]).includes(key))).toEqual([]);
    expect(messageTemplate('registeredOn')).toBe(textsByName(currentPopupTexts()).registeredOn);
  });

  it('given digits, whole numbers below 1,000 are written with them, without a number format; larger ones with one', () => {
    const { popupTexts } = loadStorageFixture<{ popupTexts: PopupTexts }>('popup-texts.v1.json');
    const arabic = ['٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩'];
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    useGivenTexts(textsByName(popupTexts), arabic);
    expect(plural('sameSite', 305, 'example.com')).toBe('٣٠٥ other pages of example.com are registered.');
    expect(numberFormat).not.toHaveBeenCalled();
    // The language's own format (here English, with its separator), not the given digits.
    expect(plural('sameSite', 1234, 'example.com')).toBe('1,234 other pages of example.com are registered.');
  });
});
