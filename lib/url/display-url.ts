import { decodePunycode } from './punycode';

/** Scripts that look alike: a label mixing two of them could pass for another site (`аpple` with a Cyrillic a). */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
/**
 * Cyrillic and Greek letters that look like Latin ones: a label made only of them (`аррӏе`, all Cyrillic)
 * would pass for a Latin name, so it is shown in ASCII, as browsers do.
 */
const LOOK_ALIKES_ONLY = /^[\d\-асԁеһіјӏоԛрѕԝхуАВЕКМНОРСТХαεικνορτυχΑΒΕΗΙΚΜΝΟΡΤΥΧ]+$/u;
/** What a label may show decoded: letters, marks, digits and hyphens (no symbols, spaces or invisible characters). */
const LABEL_CHARACTERS = /^[\p{L}\p{M}\p{N}-]+$/u;

/** One label of a host as a reader knows it: `xn--mnchen-3ya` → `münchen`; kept in ASCII when decoding could mislead. */
function displayLabel(label: string): string {
  if (!label.toLowerCase().startsWith('xn--')) return label;
  const decoded = decodePunycode(label.slice(4));
  if (decoded === undefined || !LABEL_CHARACTERS.test(decoded)) return label;
  if (CONFUSABLE_SCRIPTS.filter((script) => script.test(decoded)).length > 1) return label;
  if (LOOK_ALIKES_ONLY.test(decoded)) return label;
  return decoded;
}

/** A host with its Punycode labels in Unicode, if the browser maps that Unicode back to this very host. */
export function displayHost(host: string): string {
  if (!host.includes('xn--')) return host;
  const shown = host.split('.').map(displayLabel).join('.');
  if (shown === host) return host;
  try {
    return new URL(`http://${shown}/`).hostname === host ? shown : host;
  } catch {
    return host;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Characters never shown decoded: controls, invisible formatting (bidi overrides…), separators, unpaired halves. */
const UNSAFE = /[\p{C}\p{Z}]/u;

/**
 * Percent-encoded UTF-8 of non-ASCII characters shown as those characters (`/stra%C3%9Fe` → `/straße`).
 * Escapes of ASCII characters (`%2F`, `%20`, `%25`…) stay: decoding them would change what the address
 * means. So do invalid sequences and characters that would hide or reorder text.
 */
export function decodeNonAscii(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = run.match(/%[0-9A-Fa-f]{2}/g)!.map((escape) => parseInt(escape.slice(1), 16));
    let out = '';
    for (let index = 0; index < bytes.length;) {
      const first = bytes[index]!;
      const length =
        first >= 0xf0 && first <= 0xf4 ? 4 : first >= 0xe0 && first < 0xf0 ? 3 : first >= 0xc2 && first < 0xe0 ? 2 : 1;
      if (length > 1 && index + length <= bytes.length) {
        try {
          const character = utf8.decode(new Uint8Array(bytes.slice(index, index + length)));
          if (!UNSAFE.test(character)) {
            out += character;
            index += length;
            continue;
          }
        } catch {
          // not UTF-8: kept as it was
        }
      }
      out += run.slice(index * 3, index * 3 + 3);
      index += 1;
    }
    return out;
  });
}

/**
 * An address as a reader reads it (the way browsers show it in their address bar): its host in Unicode
 * and its path, query and fragment with non-ASCII characters decoded. Anything else (not http(s), not
 * an address) is returned as it is; so is an address with nothing to decode, character for character.
 */
export function displayUrl(raw: string): string {
  if (!raw.includes('xn--') && !/%[89A-Fa-f][0-9A-Fa-f]/.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return raw;
  const start = url.href.indexOf('//') + 2;
  const hostAt = url.href.indexOf(url.host, start);
  if (hostAt < 0) return raw;
  const userinfo = url.href.slice(start, hostAt);
  const rest = url.href.slice(hostAt + url.host.length);
  const host = displayHost(url.hostname) + (url.port ? `:${url.port}` : '');
  return `${url.protocol}//${userinfo}${host}${decodeNonAscii(rest)}`;
}
