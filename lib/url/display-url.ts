import { ASCII_LOOK_ALIKE } from './ascii-look-alikes';
import { isHighlyRestrictive } from './host-scripts';
import { decodePunycode } from './punycode';

/** What a label may show decoded: letters, marks, digits and hyphens (no symbols, spaces or invisible characters). */
const LABEL_CHARACTERS = /^[\p{L}\p{M}\p{N}-]+$/u;

/**
 * Whether a label could pass for an ASCII one: every character is ASCII or, by the Unicode confusables
 * data, looks like ASCII letters or digits (`ɡoogle`, `аррӏе` all in Cyrillic, `gօօgle` with Armenian o).
 */
const passesForAscii = (label: string): boolean =>
  [...label].every((character) => character <= '\x7f' || ASCII_LOOK_ALIKE.test(character));

/**
 * One label of a host as a reader knows it: `xn--mnchen-3ya` → `münchen`. Kept in ASCII, as browsers keep
 * it (Chrome's IDN policy), when decoding could mislead: a label that mixes scripts beyond what UTS #39
 * calls Highly Restrictive (one script, or Latin with Japanese, Chinese or Korean: host-scripts.ts), or
 * that could pass for an ASCII name.
 */
function displayLabel(label: string): string {
  if (!label.toLowerCase().startsWith('xn--')) return label;
  const decoded = decodePunycode(label.slice(4));
  if (decoded === undefined || !LABEL_CHARACTERS.test(decoded)) return label;
  if (!isHighlyRestrictive(decoded) || passesForAscii(decoded)) return label;
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
