import type { KeyboardEvent } from 'react';

/** How the Save button announces its shortcut (aria-keyshortcuts) and shows it (title). */
const KEYS = 'Control+Enter Control+S Meta+S';

/**
 * Ctrl+Enter, Ctrl+S or Cmd+S saves from any field of a form: spread `form` on the element around the fields
 * (events bubble to it from every field, also through a dialog's portal) and `button` on the Save button.
 * Ctrl+S would otherwise save the web page. Nothing happens while `enabled` is false (a save under way).
 */
export function useSaveShortcut(save: () => void, enabled = true) {
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const modifier = e.ctrlKey || e.metaKey;
    if (!modifier || e.altKey || e.shiftKey) return;
    if (e.key !== 'Enter' && e.key.toLowerCase() !== 's') return;
    e.preventDefault();
    e.stopPropagation();
    if (enabled) save();
  };
  return {
    form: { onKeyDown },
    button: { 'aria-keyshortcuts': KEYS, title: 'Save (Ctrl+Enter)' },
  };
}
