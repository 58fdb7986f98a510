/**
 * The sitemaps a robots.txt names: every `Sitemap:` line, in any case and spacing (`sitemap : x`,
 * `SITEMAP:x`), resolved against robots.txt's own address, in order, each once.
 */
export function robotsSitemaps(text: string, robotsUrl: string): string[] {
  const named = new Set<string>();
  for (const [, address = ''] of text.matchAll(/^[ \t]*sitemap[ \t]*:[ \t]*(\S+)/gim)) {
    const url = URL.parse(address, robotsUrl);
    if (url) named.add(url.href);
  }
  return [...named];
}
