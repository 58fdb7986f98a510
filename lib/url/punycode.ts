import punycode from 'punycode/punycode.js';

// RFC 3492 (Punycode) decoding of one label of a host name, for showing `xn--` hosts as the Unicode a
// reader recognises. Browsers give extensions only the ASCII form (URL.hostname) and no decoder, so the
// decoding is punycode.js's (by its file: the npm package, not Node's deprecated built-in, and importable by
// Node itself, where the e2e tests compare with the popup's display form).

/** The Unicode of one Punycode label (without `xn--`); undefined when it is not valid Punycode. */
export function decodePunycode(label: string): string | undefined {
  try {
    return punycode.decode(label);
  } catch {
    return undefined;
  }
}
