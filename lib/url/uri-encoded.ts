/** `encodeURIComponent`, or undefined for a text it cannot encode (one with a lone surrogate half). */
export function uriEncoded(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}
