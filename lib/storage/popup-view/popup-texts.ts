import { z } from 'zod/mini';
import { checkedValue } from '../checked-value';
import { POPUP_TEXTS_KEY } from './popup-view-keys';

// `local:popupTexts` (design.md §15): the messages the popup's first screen shows, as the browser gives
// them in its language, each with its `$1`… in place (lib/i18n.ts `messageTemplate`). A page's first
// getMessage in a new extension process waits while the browser sends it its whole catalog, 5–8 ms of a
// stopped worker's popup (docs/performance.md); with these, the first screen asks for none (lib/i18n.ts
// `useGivenTexts`). Written by the background a moment after it starts, when they are missing or are not
// those of this version in this language (lib/projects/popup-texts.ts); no secret, nothing of the user's.

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
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

// Built on first use, as the view's schema is (test/unit/tooling/schemas-at-load.test.ts).
export const popupTextsSchema = z.lazy(() =>
  z.object({
    version: z.literal(1),
    /** The extension's version that wrote them: an update may change any text. */
    extensionVersion: z.string(),
    /** The browser's language where they were written (`getUILanguage()`): it changes with a restart. */
    uiLocale: z.string(),
    messages: z.record(z.string(), z.string()),
  }),
);
export type PopupTexts = z.infer<typeof popupTextsSchema>;

/** Whether stored texts are those this version would write in the browser's language now. */
export const areCurrentTexts = (texts: PopupTexts, extensionVersion: string, uiLocale: string): boolean =>
  texts.extensionVersion === extensionVersion && texts.uiLocale === uiLocale;

// Made on first use: the popup parses what it read with the schema alone.
let item: ReturnType<typeof checkedValue<PopupTexts>> | undefined;
export const storedPopupTexts = () => (item ??= checkedValue(`local:${POPUP_TEXTS_KEY}`, popupTextsSchema));
