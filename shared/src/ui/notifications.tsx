import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, theme } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';

/**
 * Notifications: top-right, closing by themselves after 5000 ms unless a screen asks for another time
 * (the item dialog uses 3000 ms); the countdown pauses while the pointer is over them, while focus is inside them,
 * and while the window is in the background; Alt+T moves focus to them. One host (in BahiProviders) shows every
 * notification of the shell and every remote, since @bahi/shared is one instance for all.
 */

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

export interface NotifyOptions {
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  duration?: number;
  description?: ReactNode;
}

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  message: ReactNode;
  description?: ReactNode;
  duration: number;
}

export const NOTIFICATION_DURATION_MS = 5000;
/** The label screen readers announce for the region, naming its shortcut. */
export const NOTIFICATIONS_LABEL = 'Notifications alt+T';
const MAX_SHOWN = 8;

type Listener = () => void;

class NotificationStore {
  private items: AppNotification[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;

  readonly subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  readonly snapshot = () => this.items;

  open(kind: NotificationKind, message: ReactNode, options: NotifyOptions = {}): number {
    this.seq += 1;
    const item: AppNotification = {
      id: this.seq,
      kind,
      message,
      description: options.description,
      duration: options.duration ?? NOTIFICATION_DURATION_MS,
    };
    this.items = [...this.items, item].slice(-MAX_SHOWN);
    this.emit();
    return item.id;
  }

  close(id: number) {
    const next = this.items.filter((n) => n.id !== id);
    if (next.length === this.items.length) return;
    this.items = next;
    this.emit();
  }

  clear() {
    if (this.items.length === 0) return;
    this.items = [];
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

const store = new NotificationStore();

/** Shows a notification from anywhere (components, event handlers, outside React). */
export const notify = {
  success: (message: ReactNode, options?: NotifyOptions) => store.open('success', message, options),
  error: (message: ReactNode, options?: NotifyOptions) => store.open('error', message, options),
  info: (message: ReactNode, options?: NotifyOptions) => store.open('info', message, options),
  warning: (message: ReactNode, options?: NotifyOptions) => store.open('warning', message, options),
  close: (id: number) => store.close(id),
  /** Closes every notification (tests start clean with it). */
  clear: () => store.clear(),
};

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

/** True while the browser window has focus. */
function useWindowFocused(): boolean {
  // Focused until the window says otherwise: a tab opened in the background must not hold its toasts forever.
  const [focused, setFocused] = useState(true);
  useEffect(() => {
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return focused;
}

/** Closes a notification after its time, counting only while not paused. */
function useCountdown(item: AppNotification, paused: boolean) {
  const remaining = useRef(item.duration);
  useEffect(() => {
    if (paused || item.duration <= 0) return;
    const started = Date.now();
    const timer = setTimeout(() => store.close(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, item.id, item.duration]);
}

const ICONS = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
} as const;

function NotificationCard({ item, paused }: { item: AppNotification; paused: boolean }) {
  useCountdown(item, paused);
  const { token } = theme.useToken();
  const Icon = ICONS[item.kind];
  const color = {
    success: token.colorSuccess,
    error: token.colorError,
    info: token.colorInfo,
    warning: token.colorWarning,
  }[item.kind];
  return (
    <li
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-kind={item.kind}
      className="bahi-notification"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        padding: '12px 12px 12px 16px',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadow,
        borderLeft: `4px solid ${color}`,
        pointerEvents: 'auto',
      }}
    >
      <Icon style={{ color, fontSize: 18, marginTop: 2 }} aria-hidden />
      <div style={{ flex: 1, minWidth: 0, color: token.colorText, lineHeight: 1.5 }}>
        <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{item.message}</div>
        {item.description ? (
          <div style={{ color: token.colorTextSecondary, marginTop: 4 }}>{item.description}</div>
        ) : null}
      </div>
      <Button
        type="text"
        size="small"
        aria-label="Close notification"
        icon={<CloseOutlined />}
        onClick={() => store.close(item.id)}
      />
    </li>
  );
}

/**
 * The mounted hosts, oldest first: the oldest still mounted shows the notifications. When it unmounts (the shell's
 * hidden style warm-up, mounted before the signed-in app), the next one takes over.
 */
const hosts = {
  ids: [] as number[],
  seq: 0,
  listeners: new Set<Listener>(),
  subscribe(listener: Listener) {
    hosts.listeners.add(listener);
    return () => {
      hosts.listeners.delete(listener);
    };
  },
  first: () => hosts.ids[0] ?? 0,
  change(ids: number[]) {
    hosts.ids = ids;
    for (const l of hosts.listeners) l();
  },
};

/** The one place notifications show. BahiProviders renders it; a second copy (nested providers) stays empty. */
export function Notifications() {
  const items = useNotifications();
  const focused = useWindowFocused();
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [hostId] = useState(() => ++hosts.seq);
  const isHost = useSyncExternalStore(hosts.subscribe, hosts.first, hosts.first) === hostId;
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    hosts.change([...hosts.ids, hostId]);
    return () => hosts.change(hosts.ids.filter((id) => id !== hostId));
  }, [hostId]);

  useEffect(() => {
    if (!isHost) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && (e.code === 'KeyT' || e.key.toLowerCase() === 't')) {
        e.preventDefault();
        const first = region.current?.querySelector<HTMLElement>('button');
        (first ?? region.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isHost]);

  if (!isHost) return null;
  const paused = hovered || focusInside || !focused;
  return (
    <section
      ref={region}
      aria-label={NOTIFICATIONS_LABEL}
      aria-live="polite"
      tabIndex={-1}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
      style={{
        position: 'fixed',
        top: 16,
        right: 16,
        zIndex: 2100,
        width: 384,
        maxWidth: 'calc(100vw - 32px)',
        outline: 'none',
        pointerEvents: items.length ? 'auto' : 'none',
      }}
    >
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {items.map((item) => (
          <NotificationCard key={item.id} item={item} paused={paused} />
        ))}
      </ol>
    </section>
  );
}
