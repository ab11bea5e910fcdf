import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * A user for component tests. The pointer-events check walks getComputedStyle up the tree on every click and
 * keystroke, which in jsdom with antd's many style rules makes a form test take seconds; antd never uses
 * pointer-events to block what these tests click.
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

export type TestUser = ReturnType<typeof setupUser>;
