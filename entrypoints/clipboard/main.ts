import { clearAt, decodeClearRequest, type ClipboardText } from '@/lib/clipboard/clear-clipboard';

/**
 * Chrome's offscreen document for Copy token (design.md §15): the background made it with a clear's
 * request in its address (a salted fingerprint of the token, never the token, and when). It waits
 * until then, empties the clipboard only if it still holds that token, and closes. An offscreen
 * document cannot be focused, which navigator.clipboard needs: it reads and writes the clipboard with
 * execCommand, which clipboardRead and clipboardWrite allow.
 */
const area = document.querySelector('textarea')!;

/** What the clipboard holds as text: pasted into the text area (clipboardRead lets execCommand paste). */
function pasted(): string {
  area.value = '';
  area.select();
  if (!document.execCommand('paste')) throw new Error('The clipboard could not be read.');
  return area.value;
}

/** Puts the text on the clipboard: a copy whose data is set by hand (clipboardWrite lets execCommand copy). */
function copied(text: string): void {
  const put = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/plain', text);
    event.preventDefault();
  };
  document.addEventListener('copy', put, { once: true });
  if (!document.execCommand('copy')) throw new Error('The clipboard could not be written.');
}

const clipboard: ClipboardText = {
  read: () => Promise.resolve().then(pasted),
  write: (text) => Promise.resolve(text).then(copied),
};

const request = decodeClearRequest(location.hash.slice(1));
void (request ? clearAt(request, clipboard) : Promise.resolve(false)).catch(() => false).finally(() => window.close());
