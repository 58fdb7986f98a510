import { MAX_PAGE_NAME_LENGTH } from '../../storage/register-job/register-job-schema';

const FILE_EXTENSION = /\.(html?|php|aspx?|jsp)$/i;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A project name for a page listed without one, from its address: the last part of its path made
 * readable (`/blog/my-first-post.html` → "My first post"), or the site for its home page
 * (`https://example.com/` → "example.com"). Always non-empty and within the name's bound.
 */
export function pageNameFromUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address.slice(0, MAX_PAGE_NAME_LENGTH) || '-';
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  const words = last
    ? decode(last)
        .replace(FILE_EXTENSION, '')
        .replace(/[-_+.]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  if (!words || /^index$/i.test(words)) {
    const parent = segments.length > 1 ? pageNameFromUrl(`${url.origin}/${segments.slice(0, -1).join('/')}`) : '';
    return (parent || url.host).slice(0, MAX_PAGE_NAME_LENGTH);
  }
  return (words.charAt(0).toLocaleUpperCase() + words.slice(1)).slice(0, MAX_PAGE_NAME_LENGTH);
}
