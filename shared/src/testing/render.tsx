import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { ACTIVE_BRANCH_COOKIE, ExpiringCache, SwrProvider, clearSession, setSessionUser, swrCache, type Branch, type User } from '@bahi/shared';
import { BahiProviders, NOTIFICATIONS_LABEL, notify } from '@bahi/shared/ui';

/** Shows where the router is, so tests can assert navigation and redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderScreenOptions {
  /** The route pattern the screen is mounted at, e.g. '/party/:id'; '*' matches every URL. */
  path?: string;
  /** The URL opened first, e.g. '/party/42'; the path itself by default. */
  route?: string;
  /** More routes beside the screen's, e.g. a page it navigates to. */
  routes?: RouteObject[];
  /** Show the location probe under every route (the default), or only where `routes` put one. */
  probe?: boolean;
}

const NO_MOTION = { token: { motion: false }, cssVar: { key: 'bahi-test' } };

/**
 * Renders a screen as the shell would: the shared providers, a fresh SWR cache (no answer leaks from one test
 * into the next), no notification left from an earlier test, and a data router (so navigation guards work).
 * Any URL other than the screen's renders nothing but the location probe.
 */
export function renderScreen(ui: ReactElement, { path = '/', route = path, routes = [], probe = true }: RenderScreenOptions = {}) {
  act(() => notify.clear());
  const children: RouteObject[] = [{ path, element: ui }, ...routes];
  if (path !== '*') children.push({ path: '*', element: null });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            {probe ? <LocationProbe /> : null}
          </>
        ),
        children,
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    // No animations anywhere, also in what BahiProviders renders itself (antd App's confirm dialogs, the
    // notifications host): a dialog or dropdown opens and closes at once, with no animation timers that would
    // update state outside act() on a slow machine. Nested providers inherit the token.
    <ConfigProvider theme={NO_MOTION}>
      <BahiProviders>
        <ConfigProvider theme={NO_MOTION}>
          <SwrProvider cache={new ExpiringCache()}>
            <RouterProvider router={router} />
          </SwrProvider>
        </ConfigProvider>
      </BahiProviders>
    </ConfigProvider>,
  );
  return { ...result, router };
}

/**
 * A user for component tests, with no delay between keystrokes. The pointer-events check walks getComputedStyle
 * up the tree on every click and keystroke; antd never uses pointer-events to block what these tests click.
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
export type TestUser = ReturnType<typeof setupUser>;

/** The signed-in user of component tests. */
export const testUser: User = {
  id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000aa',
  name: 'Ravi Sharma',
  mobileNumber: '9876543210',
  role: 'OWNER',
  // Its branches carry their own GSTIN (testing/documents.ts): they issue tax invoices.
  business: { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000bb', name: 'Sharma Traders', gstin: null, stateCode: '27', registrationType: 'REGULAR' },
};

/** Signs `user` in with `active` as the session's active branch. */
export function signIn(active: Branch | null = null, user: User = testUser) {
  resetAppState();
  setSessionUser(user, active);
}

/** Signed out, with nothing in the shared SWR cache: a browser that has just opened the app. */
export function resetAppState() {
  clearSession();
  for (const key of [...swrCache.keys()]) swrCache.delete(key);
  document.cookie = `${ACTIVE_BRANCH_COOKIE}=; path=/; max-age=0`;
}

/** The texts of the notifications on screen, oldest first. */
export function notificationTexts(): string[] {
  const region = document.querySelector(`section[aria-label="${NOTIFICATIONS_LABEL}"]`);
  return Array.from(region?.querySelectorAll('li') ?? []).map((li) => li.textContent ?? '');
}
