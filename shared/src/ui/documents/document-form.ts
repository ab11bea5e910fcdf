import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefSelectProps } from 'antd';
import { errorMessage, isApiError, type Party } from '@bahi/shared';
import { notify } from '../notifications';
import { lineInputId } from './line-grid';
import { formElementId, nextSaveAttempt, shownErrors, type SaveAttempt } from './form-model';
import type { BillErrors, LineDraft } from './bill-model';

/*
 * The state the document create screens (sales' billing page, purchases' bill entry) keep the same way: the draft
 * with its lines as the grid edits them, the server's field errors, one save at a time under one Idempotency-Key,
 * and the party picker with its quick-add dialog.
 */

/** Focuses the element a form path names (see formElementId): the first error, or the field the server refused. */
export function focusFormPath(path: string, lines: Pick<LineDraft, 'key'>[], ids: Readonly<Record<string, string>>): void {
  const id = formElementId(path, lines, ids);
  (id ? document.getElementById(id) : null)?.focus();
}

/**
 * A document's draft and its lines. Every change clears the server's errors (they were about what was sent). A line
 * added moves the focus to its quantity (or its serials); Enter in a line goes back to the item search. The lines'
 * own errors show as they are typed, the rest once a save was tried. `ids` are the element ids of the form's fields
 * by form path, so an error can take the focus.
 */
export function useDocumentDraft<D extends { lines: LineDraft[] }>(initial: D, ids: Readonly<Record<string, string>>) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<BillErrors>({});
  const itemSearch = useRef<RefSelectProps>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    const el = document.getElementById(focusNext.current);
    focusNext.current = null;
    el?.focus();
  });

  const update = (patch: Partial<D>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };
  // Stable, so a line's row renders again only when the line changed.
  const updateLine = useCallback((key: string, patch: Partial<LineDraft>) => {
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
    setServerErrors({});
  }, []);
  const removeLine = useCallback((key: string) => {
    setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== key) }));
    setServerErrors({});
  }, []);
  const focusSearch = useCallback(() => itemSearch.current?.focus(), []);
  const addLine = (line: LineDraft) => {
    setDraft((d) => ({ ...d, lines: [...d.lines, line] }));
    setServerErrors({});
    focusNext.current = lineInputId(line.key, line.item.hasSerialisation ? 'serialNos' : 'quantity');
  };

  const focusPath = (path: string) => focusFormPath(path, draft.lines, ids);
  /** The errors to show of the draft's `errors` (see shownErrors). */
  const shownOf = (errors: BillErrors) => shownErrors(errors, submitted, serverErrors);
  /** A save is tried: every error shows from now on, and the first takes the focus. True when there is none. */
  const readyToSave = (errors: BillErrors) => {
    setSubmitted(true);
    const first = Object.keys(errors)[0];
    if (first) focusPath(first);
    return !first;
  };
  /**
   * A save the server refused: the message shows at the field it names (`pathOf` maps the API's field to the form's
   * path), which takes the focus; anything else is a notification titled `title`.
   */
  const refused = (e: unknown, pathOf: (field: string) => string | null, title: string) => {
    const path = isApiError(e) && e.field ? pathOf(e.field) : null;
    if (path) {
      setServerErrors({ [path]: errorMessage(e) });
      setTimeout(() => focusPath(path));
    } else {
      notify.error(title, { description: errorMessage(e) });
    }
  };

  return { draft, update, shownOf, readyToSave, refused, itemSearch, updateLine, removeLine, addLine, focusSearch };
}

/**
 * One save at a time, under an Idempotency-Key kept while the request is unchanged, so a retry (after a timeout, a
 * lost answer) never saves twice. `busy()` is true while a save runs; `saving` is its state for the buttons.
 */
export function useSaveAttempt() {
  const attempt = useRef<SaveAttempt | null>(null);
  const inFlight = useRef(false);
  const [saving, setSaving] = useState(false);

  /** Runs `work` (the request and what follows it) with the key for `body`; saving meanwhile. */
  const run = useCallback(async <T>(body: unknown, work: (opts: { idempotencyKey: string }) => Promise<T>): Promise<T> => {
    attempt.current = nextSaveAttempt(attempt.current, body);
    const opts = { idempotencyKey: attempt.current.key };
    inFlight.current = true;
    setSaving(true);
    try {
      return await work(opts);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, []);
  /** The request went through (or the form starts again): the next save is a new one, with a new key. */
  const reset = useCallback(() => {
    attempt.current = null;
  }, []);
  const busy = useCallback(() => inFlight.current, []);

  return { saving, busy, run, reset };
}

/**
 * A party picker whose "add" opens the quick-add dialog with what was typed: the party added there is picked (`pick`),
 * else the focus goes back to the picker. Spread `dialog` on QuickPartyModal.
 */
export function useQuickAddParty(pick: (party: Party) => void) {
  const picker = useRef<RefSelectProps>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const dialog = {
    open: adding !== null,
    initialName: adding ?? '',
    onClose: (created?: Party) => {
      setAdding(null);
      if (created) pick(created);
      else setTimeout(() => picker.current?.focus());
    },
  };
  return { picker, onAdd: setAdding, dialog };
}
