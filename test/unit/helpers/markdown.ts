// Reading the project's Markdown as GitHub renders it: its tables, its headings' anchors, its links.
// Code (fenced blocks and `spans`) is not read: a path or `#` written as code is not a link.

/** The table rows (lines starting with "|") of a markdown text, or of one of its "## " sections. */
export function tableRows(markdown: string, section?: string): string[] {
  let text = markdown;
  if (section !== undefined) {
    const start = markdown.indexOf(`\n## ${section}\n`);
    if (start < 0) throw new Error(`no "## ${section}" section`);
    const end = markdown.indexOf('\n## ', start + 1);
    text = markdown.slice(start, end < 0 ? undefined : end);
  }
  return text.split('\n').filter((line) => line.startsWith('|'));
}

const FENCE = /^ {0,3}(```|~~~)/;

/** The text without its fenced code blocks (each line of one left empty, so line numbers stay). */
function withoutFences(markdown: string): string {
  let open: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const fence = FENCE.exec(line)?.[1];
      if (open === undefined && fence !== undefined) open = fence;
      else if (open !== undefined && fence === open) open = undefined;
      else if (open === undefined) return line;
      return '';
    })
    .join('\n');
}

/** Code spans removed: a run of backticks up to the next run of the same length, within a paragraph. */
const withoutCodeSpans = (text: string) => text.replace(/(`+)(?:(?!\n\s*\n)[\s\S])*?\1/g, '');

/**
 * GitHub's anchor for a heading (github-slugger's rule): the rendered text in lower case, every character
 * but letters, marks, digits, connector punctuation (`_`), `-` and spaces dropped, spaces made hyphens.
 */
export function slugOf(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, ''); // inline HTML
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (a repeated one gets -1, -2…) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const text = withoutFences(markdown);
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of text.split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** The targets of a page's links and images: inline, reference definitions, and HTML src/href. */
export function linksOf(markdown: string): string[] {
  const text = withoutCodeSpans(withoutFences(markdown));
  return [
    ...[...text.matchAll(/\]\(\s*<([^>]*)>[^)]*\)|\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map(
      (match) => match[1] ?? match[2]!,
    ),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]!),
  ];
}

/** Whether a link leaves the repository: a scheme (`https:`, `mailto:`, `chrome:`) or a protocol-relative URL. */
export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
