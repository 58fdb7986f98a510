import { PROJECT_NAME_MAX_LENGTH, projectInputSchema, type ProjectInput } from './project-input';

export type ProjectFieldErrors = Partial<Record<keyof ProjectInput, string>>;
export type ProjectValidation = { ok: true; value: ProjectInput } | { ok: false; errors: ProjectFieldErrors };

const CHROME_PDF_VIEWER_ID = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';
const BROWSER_SCHEMES = ['chrome:', 'edge:', 'brave:', 'opera:', 'vivaldi:', 'about:', 'chrome-search:', 'devtools:', 'view-source:', 'resource:'];
const ONLY_WEB = 'Only web pages (http or https) can be registered.';

/** Why a URL cannot be registered, in words a reviewer understands; undefined when it can be. */
export function explainUnregistrableUrl(rawUrl: string, extensionOrigin?: string): string | undefined {
  const text = rawUrl.trim();
  if (!text) return 'Enter the address of the page to register.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `“${text.slice(0, 80)}” is not a web address. It should start with https://.`;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    // The protocol's own schema is the final word, so the form never sends what the background refuses.
    return projectInputSchema.shape.projectUrl.safeParse(text).success
      ? undefined
      : `“${text.slice(0, 80)}” is not a complete web address. It should look like https://example.com/page.`;
  }
  if ((url.protocol === 'chrome-extension:' && url.hostname === CHROME_PDF_VIEWER_ID) || url.protocol === 'blob:') {
    return `This tab shows a file in the browser's viewer. ${ONLY_WEB} Type the document's web address instead.`;
  }
  if (extensionOrigin && text.startsWith(extensionOrigin)) {
    return `This is Review Companion's own page. ${ONLY_WEB}`;
  }
  if (url.protocol === 'chrome-extension:' || url.protocol === 'moz-extension:') {
    return `This is a page of a browser extension. ${ONLY_WEB}`;
  }
  if (BROWSER_SCHEMES.includes(url.protocol)) {
    return `This is a browser page (${url.protocol}//…). ${ONLY_WEB}`;
  }
  if (url.protocol === 'file:') return `Files on this computer (file://) cannot be registered. ${ONLY_WEB}`;
  return ONLY_WEB;
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
  if (!projectName) errors.projectName = 'Enter a name for the project.';
  else if (projectName.length > PROJECT_NAME_MAX_LENGTH) {
    errors.projectName = `The name is too long: at most ${PROJECT_NAME_MAX_LENGTH} characters.`;
  }
  if (errors.projectUrl || errors.projectName) return { ok: false, errors };
  return { ok: true, value: { projectUrl: raw.projectUrl.trim(), projectName } };
}
