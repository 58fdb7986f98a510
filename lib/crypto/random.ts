/** A source of random bytes; tests inject a fixed one to reproduce a known output. */
export type RandomBytes = (length: number) => Uint8Array<ArrayBuffer>;

/** The platform's CSPRNG (WebCrypto), the only source production code uses. */
export const secureRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));
