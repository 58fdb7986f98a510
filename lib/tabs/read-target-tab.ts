import { cleanText } from '../context-menu/link-target';
import { PROJECT_NAME_MAX_LENGTH } from '../api/project-input';
import { cutAtWordEnd } from '../text/bounded-text';
import { requestTargetTab, type TabSeen } from './target-tab-request';

export { parseTabIdParam } from './target-tab-request';

export interface TargetPage {
  url: string;
  title: string;
  /** `link`: opened from the context menu of a link (`?url=&title=`); otherwise a tab. */
  source: 'tab' | 'link';
}

/** Longer than any address a browser keeps in its tab strip; anything longer is not prefilled. */
export const MAX_PREFILLED_URL_LENGTH = 8192;

// eslint-disable-next-line no-control-regex -- a prefilled address must be printable
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A page's title (a tab's or a link's) as the name the popup prefills: one line, cut to the name's
 * limit before the word that crosses it, so that a page with a 1,000-character title still registers
 * with one Enter instead of opening on "The name is too long".
 */
export function nameFromTitle(title: string): string {
  return cutAtWordEnd(cleanText(title), PROJECT_NAME_MAX_LENGTH);
}

/**
 * `popup.html?url=…&title=…` (the context menu of a link). Only the extension opens its popup, but the
 * values are still checked like typed text: an address that is too long or does not parse, or that
 * contains control characters, is not prefilled (the field starts empty and says why); the title is
 * cleaned and cut to the name's limit (nameFromTitle). The background always names the link (nameForLink); a title
 * missing all the same leaves the name empty, where the form then puts focus. Undefined without `url`.
 */
export function parseLinkParams(search: string): TargetPage | undefined {
  const params = new URLSearchParams(search);
  const rawUrl = params.get('url');
  if (rawUrl === null) return undefined;
  const url = rawUrl.trim();
  const usable =
    url.length > 0 && url.length <= MAX_PREFILLED_URL_LENGTH && !CONTROL_CHARACTERS.test(url) && URL.canParse(url);
  return { url: usable ? url : '', title: nameFromTitle(params.get('title') ?? ''), source: 'link' };
}

/**
 * The page to register, its title cut like a link's (nameFromTitle). Without access to the tab (no
 * activeTab grant, no host permission) the browser hides url and title: the fields then start empty,
 * which the popup explains. `tab`: the tab already asked for (requestTargetTab, at the popup's start).
 */
export async function readTargetPage(
  search: string,
  tab: Promise<TabSeen | undefined> | undefined = undefined,
): Promise<TargetPage> {
  const link = parseLinkParams(search);
  if (link) return link;
  const seen = await (tab ?? requestTargetTab(search));
  return { url: seen?.url ?? '', title: nameFromTitle(seen?.title ?? ''), source: 'tab' };
}
