import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { loadable } from './loadable';

/** A download the test finishes when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <h1>Namaste, {name}</h1>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('loadable', () => {
  it('shows the placeholder until the code is in, then the component with its props, at once on later mounts', async () => {
    const download = deferred<{ default: typeof Greeting }>();
    const load = jest.fn(() => download.promise);
    const Page = loadable(load, <p>Loading page…</p>);
    const first = render(<Page name="Asha" />);
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    await act(async () => download.resolve({ default: Greeting }));
    expect(screen.getByRole('heading', { name: 'Namaste, Asha' })).toBeInTheDocument();
    first.unmount();
    render(<Page name="Ravi" />);
    // Synchronously: no placeholder frame for code already loaded.
    expect(screen.getByRole('heading', { name: 'Namaste, Ravi' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed download to the error boundary, and a new mount downloads again', async () => {
    const attempts = [deferred<{ default: typeof Greeting }>(), deferred<{ default: typeof Greeting }>()];
    let n = 0;
    const Page = loadable(() => attempts[n++].promise, <p>Loading page…</p>);
    const failed = render(
      <Boundary>
        <Page name="Asha" />
      </Boundary>,
    );
    // React reports the error it hands to the boundary.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => attempts[0].reject(new Error('Network is down')));
    quiet.mockRestore();
    expect(screen.getByRole('alert')).toHaveTextContent('Network is down');
    failed.unmount();
    render(<Page name="Asha" />);
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    await act(async () => attempts[1].resolve({ default: Greeting }));
    expect(screen.getByRole('heading', { name: 'Namaste, Asha' })).toBeInTheDocument();
    expect(n).toBe(2);
  });

  it('preloads, so the first mount after it needs no placeholder', async () => {
    const Page = loadable(async () => ({ default: Greeting }), <p>Loading page…</p>);
    await Page.preload();
    render(<Page name="Meera" />);
    expect(screen.getByRole('heading', { name: 'Namaste, Meera' })).toBeInTheDocument();
  });
});
