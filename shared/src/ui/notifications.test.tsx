import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BahiProviders } from './providers';
import { NOTIFICATIONS_LABEL, Notifications, notify } from './notifications';

const region = () => screen.getByRole('region', { name: NOTIFICATIONS_LABEL });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => notify.clear());
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Notifications', () => {
  it('shows notifications top-right, newest last, closing after 5000 ms by default', () => {
    render(<BahiProviders>page</BahiProviders>);
    act(() => {
      notify.success('Item created successfully');
      notify.error('Failed to create item');
    });
    expect(region()).toHaveStyle({ position: 'fixed', top: '16px', right: '16px' });
    const shown = Array.from(region().querySelectorAll('li'));
    expect(shown.map((n) => n.textContent)).toEqual(['Item created successfully', 'Failed to create item']);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create item');

    advance(4999);
    expect(screen.getByText('Item created successfully')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Item created successfully')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to create item')).not.toBeInTheDocument();
  });

  it('takes a shorter time when asked (the item dialog uses 3000 ms), and can be closed by hand', () => {
    render(<BahiProviders>page</BahiProviders>);
    act(() => {
      notify.error('Item Name is required', { duration: 3000 });
      notify.info('Stays until closed', { duration: 0 });
    });
    advance(2999);
    expect(screen.getByText('Item Name is required')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Item Name is required')).not.toBeInTheDocument();
    advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Stays until closed')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the notifications and resumes with the time that was left', () => {
    render(<BahiProviders>page</BahiProviders>);
    act(() => void notify.success('Saved'));
    advance(3000);
    fireEvent.mouseEnter(region());
    advance(10_000);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.mouseLeave(region());
    advance(1999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('pauses while the window has lost focus', () => {
    render(<BahiProviders>page</BahiProviders>);
    act(() => void notify.warning('Low stock'));
    advance(1000);
    act(() => void window.dispatchEvent(new Event('blur')));
    advance(30_000);
    expect(screen.getByText('Low stock')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('focus')));
    advance(4000);
    expect(screen.queryByText('Low stock')).not.toBeInTheDocument();
  });

  it('moves focus to the notifications on Alt+T, and holds them while focus is inside', () => {
    render(<BahiProviders>page</BahiProviders>);
    act(() => void notify.success('Item category created successfully'));
    fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    expect(screen.getByRole('button', { name: 'Close notification' })).toHaveFocus();
    advance(20_000);
    expect(screen.getByText('Item category created successfully')).toBeInTheDocument();
  });

  it('shows each notification once even when providers are nested', () => {
    render(
      <BahiProviders>
        <Notifications />
      </BahiProviders>,
    );
    act(() => void notify.info('Once'));
    expect(screen.getAllByText('Once')).toHaveLength(1);
  });

  it('keeps showing notifications when the first host goes away and a later one stays (the shell\'s style warm-up)', () => {
    const first = render(<Notifications />);
    render(<Notifications />);
    first.unmount();
    act(() => void notify.success('Andheri West is now the active branch'));
    expect(screen.getAllByText('Andheri West is now the active branch')).toHaveLength(1);
  });
});
