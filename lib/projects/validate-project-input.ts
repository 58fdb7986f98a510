import { t } from '../i18n';
import { PROJECT_NAME_MAX_LENGTH, projectInputSchema, type ProjectInput } from './project-input';

export type ProjectFieldErrors = Partial<Record<keyof ProjectInput, string>>;
export type ProjectValidation = { ok: true; value: ProjectInput } | { ok: false; errors: ProjectFieldErrors };

const CHROME_PDF_VIEWER_ID = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';
const BROWSER_SCHEMES = ['chrome:', 'edge:', 'brave:', 'opera:', 'vivaldi:', 'about:', 'chrome-search:', 'devtools:', 'view-source:', 'resource:'];

/**
 * Add-on store pages: http(s), so the service would take them, but browsers keep every extension off
 * them, so the review toolbar could never run there. Host, and a path prefix where the host serves more.
 */
const EXTENSION_STORES: readonly { host: string; pathPrefix?: string }[] = [
  { host: 'chromewebstore.google.com' },
  { host: 'chrome.google.com', pathPrefix: '/webstore' },
  { host: 'addons.mozilla.org' },
  { host: 'microsoftedge.microsoft.com', pathPrefix: '/addons' },
];

export function isExtensionStorePage(url: URL): boolean {
  return EXTENSION_STORES.some(
    (store) => url.hostname === store.host && (!store.pathPrefix || url.pathname === store.pathPrefix || url.pathname.startsWith(`${store.pathPrefix}/`)),
  );
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
    if (!projectInputSchema.shape.projectUrl.safeParse(text).success) return t('urlIncomplete', text.slice(0, 80));
    return isExtensionStorePage(url) ? t('urlStorePage', url.hostname) : undefined;
  }
  if ((url.protocol === 'chrome-extension:' && url.hostname === CHROME_PDF_VIEWER_ID) || url.protocol === 'blob:') {
    return t('urlViewer');
  }
  if (extensionOrigin && text.startsWith(extensionOrigin)) return t('urlOwnPage');
  if (url.protocol === 'chrome-extension:' || url.protocol === 'moz-extension:') return t('urlExtensionPage');
  if (BROWSER_SCHEMES.includes(url.protocol)) return t('urlBrowserPage', url.protocol);
  if (url.protocol === 'file:') return t('urlFile');
  return t('urlOnlyWeb');
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
  if (!projectName) errors.projectName = t('nameEmpty');
  else if (projectName.length > PROJECT_NAME_MAX_LENGTH) errors.projectName = t('nameTooLong', PROJECT_NAME_MAX_LENGTH);
  if (errors.projectUrl || errors.projectName) return { ok: false, errors };
  return { ok: true, value: { projectUrl: raw.projectUrl.trim(), projectName } };
}
