import { isFingerprinted, type ClipboardFingerprint } from './clipboard-fingerprint';

/** The clipboard's text, as the document that clears it reads and writes it. */
export interface ClipboardText {
  read(): Promise<string>;
  write(text: string): Promise<void>;
}

/** A clear asked for by Copy token: what was copied (fingerprinted) and when to clear it (ms since the epoch). */
export interface ClearRequest {
  fingerprint: ClipboardFingerprint;
  at: number;
}

/**
 * Empties the clipboard only if it still holds the text fingerprinted: whatever the user copied since
 * stays. A clipboard that cannot be read is left as it is. Answers whether it cleared, read back: the
 * read waits for the write to reach the clipboard, and Chrome's offscreen document, which closes right
 * after, lost the write now and then without it (Chromium 156: 4 of 6 clears in one browser).
 */
export async function clearIfStillHeld(clipboard: ClipboardText, fingerprint: ClipboardFingerprint): Promise<boolean> {
  const text = await clipboard.read().catch(() => '');
  if (!(await isFingerprinted(text, fingerprint))) return false;
  await clipboard.write('');
  const after = await clipboard.read().catch(() => text);
  return !(await isFingerprinted(after, fingerprint));
}

/** Waits until the request's time (at once if it has passed), then clears if the clipboard still holds it. */
export function clearAt(
  request: ClearRequest,
  clipboard: ClipboardText,
  now: () => number = Date.now,
): Promise<boolean> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, request.at - now()))).then(() =>
    clearIfStillHeld(clipboard, request.fingerprint),
  );
}

/**
 * A request as one line of text, `salt.digest.at`: the address of Chrome's offscreen document, the
 * name of Firefox's alarm. Read back checked: anything else is no request.
 */
export const encodeClearRequest = ({ fingerprint, at }: ClearRequest) =>
  `${fingerprint.salt}.${fingerprint.digest}.${at}`;

export function decodeClearRequest(text: string): ClearRequest | undefined {
  const match = /^([0-9a-f]{32})\.([0-9a-f]{64})\.(\d{1,16})$/.exec(text);
  return match ? { fingerprint: { salt: match[1]!, digest: match[2]! }, at: Number(match[3]) } : undefined;
}
