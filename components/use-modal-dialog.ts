import { useEffect, useId, useRef } from 'react';
import { returnFocusTo } from './focus';

/**
 * A <dialog> shown modal while mounted: the browser traps focus and Escape fires `cancel`; on unmount
 * it closes and focus returns to the control that opened it (once that control is enabled again, if
 * the dialog's action disabled it). Returns the dialog's ref and an id for its title.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    dialog?.showModal();
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement) returnFocusTo(opener);
    };
  }, []);
  return { ref, titleId };
}
