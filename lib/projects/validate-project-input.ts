import { t } from '../i18n';
import { PROJECT_NAME_MAX_LENGTH, projectInputSchema, type ProjectInput } from '../api/project-input';
import { built } from '../schema-parts';

export type ProjectFieldErrors = Partial<Record<keyof ProjectInput, string>>;
export type ProjectValidation = { ok: true; value: ProjectInput } | { ok: false; errors: ProjectFieldErrors };

const CHROME_PDF_VIEWER_ID = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';
const BROWSER_SCHEMES = [
  'chrome:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'about:',
  'chrome-search:',
  'devtools:',
  'view-source:',
  'resource:',
];

/**
 * Add-on store pages: http(s), so the service would take them, but browsers keep every extension off
 * them, so the review toolbar could never run there. Host, and a path prefix where the host serves more,
 * each ending in `/` so that a longer host or path (`addons.mozilla.org.example`, `/webstorex`) is not one.
 */
const EXTENSION_STORES = [
  'chromewebstore.google.com/',
  'chrome.google.com/webstore/',
  'addons.mozilla.org/',
  'microsoftedge.microsoft.com/addons/',
];

export function isExtensionStorePage(url: URL): boolean {
  const page = `${url.hostname}${url.pathname}/`;
  return EXTENSION_STORES.some((store) => page.startsWith(store));
}

/** Why a URL cannot be registered, in words a reviewer understands; undefined when it can be. */
export function explainUnregistrableUrl(rawUrl: string, extensionOrigin?: string): string | undefined {
  const text = rawUrl.trim();
  if (!text) return t('urlEmpty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return t('urlNotAddress', text.slice(0, 80));
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    // The protocol's own schema is the final word, so the form never sends what the background refuses.
    if (!built(projectInputSchema).shape.projectUrl.safeParse(text).success)
      return t('urlIncomplete', text.slice(0, 80));
    return isExtensionStorePage(url) ? t('urlStorePage', url.hostname) : undefined;
  }
  if ((url.protocol === 'chrome-extension:' && url.hostname === CHROME_PDF_VIEWER_ID) || url.protocol === 'blob:') {
    return t('urlViewer');
  }
  if (extensionOrigin && text.startsWith(extensionOrigin)) return t('urlOwnPage');
  if (url.protocol === 'chrome-extension:' || url.protocol === 'moz-extension:') return t('urlExtensionPage');
  if (BROWSER_SCHEMES.includes(url.protocol)) {
    // `chrome://…` but `about:…`: the scheme as the address writes it.
    const slashes = text.startsWith('//', url.protocol.length) ? '//' : '';
    return t('urlBrowserPage', `${url.protocol}${slashes}`);
  }
  if (url.protocol === 'file:') return t('urlFile');
  return t('urlOnlyWeb');
}

/**
 * What is wrong with a project name while it is typed: too long for the service (said at once, before
 * Enter, issue 41). An empty one is said only when the form is sent: the user may be retyping it.
 */
export function projectNameProblemAsTyped(projectName: string): string | undefined {
  return projectName.trim().length > PROJECT_NAME_MAX_LENGTH ? t('nameTooLong', PROJECT_NAME_MAX_LENGTH) : undefined;
}

/** Checks the popup form; the name is trimmed, the URL is kept as typed (but trimmed). */
export function validateProjectInput(
  raw: { projectUrl: string; projectName: string },
  extensionOrigin?: string,
): ProjectValidation {
  const errors: ProjectFieldErrors = {};
  const urlProblem = explainUnregistrableUrl(raw.projectUrl, extensionOrigin);
  if (urlProblem) errors.projectUrl = urlProblem;
  const projectName = raw.projectName.trim();
  const nameProblem = projectName ? projectNameProblemAsTyped(projectName) : t('nameEmpty');
  if (nameProblem) errors.projectName = nameProblem;
  if (errors.projectUrl || errors.projectName) return { ok: false, errors };
  return { ok: true, value: { projectUrl: raw.projectUrl.trim(), projectName } };
}

/**
 * Why the page the form was opened for cannot be registered, said under its address field: the browser
 * hid its address (browser pages, other extensions' pages, the PDF viewer, stores: where no extension
 * runs), a link's address was unusable, or the address is not a web page's. Undefined when it can be.
 */
export function explainTargetPage(
  page: { url: string; source: 'tab' | 'link' },
  extensionOrigin?: string,
): string | undefined {
  if (!page.url) return t(page.source === 'link' ? 'linkUrlUnusable' : 'tabUrlHidden');
  return explainUnregistrableUrl(page.url, extensionOrigin);
}
