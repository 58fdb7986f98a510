/** Above this many groups, a mass rotate or delete asks to type the count (or the workspace's name). */
export const TYPED_CONFIRMATION_ABOVE = 10;

/**
 * Whether what the user typed confirms a mass action on `count` groups of the workspace `workspaceName`:
 * the count, with or without grouping separators and spaces ("2202", "2,202", "2.202", "2 202"), or the
 * workspace's name, whatever the case and the spaces around it.
 */
export function typedConfirms(typed: string, count: number, workspaceName: string): boolean {
  const text = typed.trim();
  if (!text) return false;
  const digits = text.replace(/[\s,.'\u00a0\u202f]/g, '');
  if (/^\d+$/.test(digits) && Number(digits) === count && /^\d{1,3}([\s,.'\u00a0\u202f]?\d{3})*$/.test(text))
    return true;
  return text.toLocaleLowerCase() === workspaceName.trim().toLocaleLowerCase();
}
