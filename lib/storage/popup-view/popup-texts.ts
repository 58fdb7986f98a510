import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { writeArea } from '../area-write';
import { POPUP_TEXTS_KEY } from './popup-view-keys';

// `local:popupTexts` (design.md §15): the messages the popup's first screen shows, as the browser gives
// them in its language, each with its `$1`… in place (lib/i18n.ts `messageTemplate`). A page's first
// getMessage in a new extension process waits while the browser sends it its whole catalog, 5–8 ms of a
// stopped worker's popup (docs/performance.md); with these, the first screen asks for none (lib/i18n.ts
// `useGivenTexts`). Written by the popup itself once its first screen is drawn, when none of this build
// in this language were stored (lib/projects/popup-texts.ts): a cache of its own texts, no secret,
// nothing of the user's (the worker, which loads its whole bundle at every start, carries none of this).

/** The messages of the popup's first screen (entrypoints/popup/first-screen.ts and main.ts; a unit test holds them to it). */
export const FIRST_SCREEN_MESSAGES = [
  'uiLanguage',
  '@@bidi_dir',
  'popupHeading',
  'workspaceSelect',
  'workspaceManagedOption',
  'fieldProjectUrl',
  'fieldProjectName',
  'createProject',
  'recentProjects',
  'registeredOn',
  'copyProjectId',
  'copyProjectIdOf',
  'openProject',
  'openProjectOf',
  'opensInNewTab',
  'showAllProjects',
] as const;

/** Plural messages of the first screen: every form is written, empty where the language has none. */
export const FIRST_SCREEN_PLURALS = ['sameSite'] as const;
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** Every message name stored, in the order of the stored texts. */
export const FIRST_SCREEN_TEXT_NAMES: readonly string[] = [
  ...FIRST_SCREEN_MESSAGES,
  ...FIRST_SCREEN_PLURALS.flatMap((base) => PLURAL_CATEGORIES.map((category) => `${base}_${category}`)),
];

/** Stored texts as a message name → text map (lib/i18n.ts `useGivenTexts`). */
export const textsByName = (texts: PopupTexts): Record<string, string> =>
  Object.fromEntries(FIRST_SCREEN_TEXT_NAMES.map((name, index) => [name, texts.texts[index] ?? '']));

// Built on first use, as the view's schema is (test/unit/tooling/schemas-at-load.test.ts).
export const popupTextsSchema = z.lazy(() =>
  z.object({
    version: z.literal(1),
    /** The build that wrote them (textsBuild): an update, or a message changed in an unpacked build, may change any text. */
    build: z.string(),
    /** The browser's language where they were written (`getUILanguage()`): it changes with a restart. */
    uiLocale: z.string(),
    /** The texts of FIRST_SCREEN_TEXT_NAMES, in that order (the version says which list it was). */
    texts: z.array(z.string()),
    /** The language's digits 0–9 as its number format writes them (lib/i18n.ts `languageDigits`). */
    digits: z.array(z.string()),
  }),
);
export type PopupTexts = z.infer<typeof popupTextsSchema>;

/** This build: the extension's version and its catalogs' id (wxt.config.ts defines it; unit tests have none). */
export const textsBuild = (): string =>
  `${browser.runtime.getManifest().version} ${import.meta.env.CATALOG_ID ?? 'unbuilt'}`;

/** Whether stored texts are those this build would write in the browser's language now. */
export const areCurrentTexts = (texts: PopupTexts, build: string, uiLocale: string): boolean =>
  texts.build === build &&
  texts.uiLocale === uiLocale &&
  texts.texts.length === FIRST_SCREEN_TEXT_NAMES.length &&
  texts.digits.length === 10;

/** Stores them, checked (the popup reads them with its stored view: popup-early-reads.ts). */
export const writePopupTexts = (texts: PopupTexts): Promise<void> =>
  writeArea('local', { [POPUP_TEXTS_KEY]: popupTextsSchema.parse(texts) });
