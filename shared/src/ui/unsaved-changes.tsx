import { useCallback, useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { App } from 'antd';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router-dom';

export const DISCARD_TITLE = 'Discard unsaved changes?';

type Ask = (discard: () => void, keep?: () => void) => void;

/** Blocks in-app navigation while armed, and asks. Needs a data router (createBrowserRouter / RouterProvider). */
function BlockNavigation({ armed, ask }: { armed: RefObject<boolean>; ask: Ask }) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      armed.current === true &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [armed],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    ask(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker, ask]);
  return null;
}

/** useBlocker throws outside a data router; under a plain <BrowserRouter> only unload and closing are guarded. */
function NavigationGuard(props: { armed: RefObject<boolean>; ask: Ask }) {
  return useContext(UNSAFE_DataRouterContext) ? <BlockNavigation {...props} /> : null;
}

export interface UnsavedChanges {
  /**
   * For Cancel, Esc and the close icon of a form, dialog or drawer: runs `leave` at once when nothing is unsaved,
   * otherwise only after the user confirms "Discard unsaved changes?". A navigation `leave` makes is not asked again.
   */
  confirmDiscard: (leave: () => void) => void;
  /** After a successful save: what follows (closing, navigating to the saved record) is not asked about. */
  markSaved: () => void;
  /** Render it inside the form: it watches in-app navigation. */
  guard: ReactNode;
}

/**
 * Unsaved work is never lost silently: while `dirty`, leaving the page (in-app navigation, reload, closing the tab)
 * or closing the form asks first. One guard for every form of every area.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const { modal } = App.useApp();
  const armed = useRef(dirty);
  const asking = useRef(false);

  useEffect(() => {
    armed.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    // The browser shows its own "Leave site?" prompt; the text cannot be chosen.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!armed.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const ask = useCallback<Ask>(
    (discard, keep) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: DISCARD_TITLE,
        content: 'The changes you made here have not been saved and will be lost.',
        okText: 'Discard changes',
        okButtonProps: { danger: true },
        cancelText: 'Keep editing',
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => {
          asking.current = false;
          armed.current = false;
          discard();
        },
        onCancel: () => {
          asking.current = false;
          keep?.();
        },
      });
    },
    [modal],
  );

  const confirmDiscard = useCallback(
    (leave: () => void) => {
      if (!armed.current) leave();
      else ask(leave);
    },
    [ask],
  );
  const markSaved = useCallback(() => {
    armed.current = false;
  }, []);

  return { confirmDiscard, markSaved, guard: <NavigationGuard armed={armed} ask={ask} /> };
}
