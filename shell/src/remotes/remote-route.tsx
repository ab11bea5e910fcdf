import { Component, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../app/use-document-title';
import { loadable, type ShellRemote } from '@bahi/shared';
import {
  RemoteLoadError,
  loadRemoteRoutes,
  peekRemoteRoutes,
  remoteGeneration,
  resetRemote,
} from './federation';

/** What a remote route shows while its code arrives. */
export function RouteSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      <Skeleton.Input active size="large" style={{ width: 260, marginBottom: 20 }} />
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
}

function describe(error: unknown, title: string): { heading: string; detail: string } {
  if (error instanceof RemoteLoadError) {
    switch (error.kind) {
      case 'timeout':
        return { heading: `${title} is taking too long`, detail: `${title} did not answer within 5 seconds. The rest of Bahi keeps working; try again in a moment.` };
      case 'unreachable':
        return { heading: `${title} could not be loaded`, detail: `${title} is unreachable right now. The rest of Bahi keeps working; try again in a moment.` };
      case 'version':
        return { heading: `${title} needs an update`, detail: `${error.message}. Ask your administrator to publish a build of ${title} made for this version of Bahi.` };
      case 'invalid':
        return { heading: `${title} could not be loaded`, detail: `${error.message}.` };
      default:
        return { heading: `${title} could not be loaded`, detail: 'Something went wrong while loading this area. The rest of Bahi keeps working.' };
    }
  }
  return { heading: `${title} ran into a problem`, detail: 'This page stopped while showing. The rest of Bahi keeps working; try again.' };
}

interface BoundaryProps {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote's failure to load and any error it throws while rendering; the shell stays up. */
export class RemoteBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof RemoteLoadError)) {
      console.error(`[bahi] ${this.props.title} threw while rendering`, error, info.componentStack);
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    const { heading, detail } = describe(error, this.props.title);
    // A render crash's own message helps support; load failures are already explained in words.
    const technical = error instanceof Error && !(error instanceof RemoteLoadError) ? error.message : null;
    return (
      <Card>
        <Result
          status="warning"
          title={heading}
          subTitle={
            <>
              {detail}
              {technical ? (
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
                  {technical}
                </Typography.Text>
              ) : null}
            </>
          }
          extra={[
            <Button key="retry" type="primary" onClick={this.props.onRetry} autoFocus>
              Retry
            </Button>,
            <Link key="home" to="/">
              <Button>Go to home</Button>
            </Link>,
          ]}
        />
      </Card>
    );
  }
}

function pick(routes: Record<string, ComponentType>, declared: string, remote: ShellRemote): ComponentType {
  const Page = routes[declared];
  if (typeof Page !== 'function' && (typeof Page !== 'object' || Page === null)) {
    throw new RemoteLoadError(remote.name, 'invalid', `${remote.title} has no page for ${declared}`);
  }
  return Page;
}

interface CachedPage {
  generation: number;
  Page: ComponentType;
}
/** One loadable page per route and attempt (a new attempt starts from a fresh load). */
const pages = new Map<string, CachedPage>();

export function remotePage(remote: ShellRemote, declared: string): ComponentType {
  const key = `${remote.name}\u0000${declared}`;
  const generation = remoteGeneration(remote.name);
  const cached = pages.get(key);
  if (cached && cached.generation === generation) return cached.Page;
  const loaded = peekRemoteRoutes(remote.name);
  let Page: ComponentType;
  if (loaded) {
    try {
      Page = pick(loaded.routes, declared, remote);
    } catch (e) {
      Page = () => {
        throw e;
      };
    }
  } else {
    Page = loadable(
      () => loadRemoteRoutes(remote.name).then((mod) => ({ default: pick(mod.routes, declared, remote) })),
      <RouteSkeleton label={`Loading ${remote.title}`} />,
    );
  }
  pages.set(key, { generation, Page });
  return Page;
}

/**
 * One route of a remote: its code is loaded on first visit, inside a boundary. Retry drops the failed attempt
 * everywhere it is cached (runtime, loader, lazy component) and mounts a fresh boundary.
 */
export function RemoteRoute({ remote, declared }: { remote: ShellRemote; declared: string }) {
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(remote.title);
  // `attempt` is a dependency on purpose: after Retry the page is looked up again and found stale.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Page = useMemo(() => remotePage(remote, declared), [remote, declared, attempt]);
  const retry = () => {
    resetRemote(remote.name);
    setAttempt((a) => a + 1);
  };
  return (
    <RemoteBoundary key={attempt} title={remote.title} onRetry={retry}>
      <Suspense fallback={<RouteSkeleton label={`Loading ${remote.title}`} />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
