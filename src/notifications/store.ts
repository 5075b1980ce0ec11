// The notification list of SPEC §3/§4: a tiny external store read with useSyncExternalStore.
// No library on purpose: it ships with the sign-in page, whose JavaScript budget is tiny.
import { useSyncExternalStore } from 'react';
import type { NotificationTemplate, NotificationType } from './catalogue';

export const DEFAULT_DURATION_MS = 5000; // SPEC §9
// Our choice: a burst of failures (say, every request of a page timing out) must not cover the screen.
export const MAX_NOTIFICATIONS = 5;
// setTimeout fires at once for delays above 2^31-1 ms, so longer durations are clamped to it.
const MAX_TIMER_MS = 2_147_483_647;

// SPEC §3: id, type, title, message, timestamp, autoClose, duration, closable.
export interface AppNotification {
  readonly id: string;
  readonly type: NotificationType;
  readonly title: string;
  readonly message: string;
  readonly timestamp: number;
  readonly autoClose: boolean;
  readonly duration: number;
  readonly closable: boolean;
}

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  autoClose?: boolean;
  duration?: number;
  closable?: boolean;
}

export type NotificationOverrides = Partial<
  Pick<NotificationInput, 'title' | 'message' | 'autoClose' | 'duration' | 'closable'>
>;

type Listener = () => void;

let list: readonly AppNotification[] = Object.freeze([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
// Notifications the user is hovering or focusing: their timer waits until the user moves away.
const paused = new Set<string>();
const listeners = new Set<Listener>();
let sequence = 0;

// crypto.randomUUID is missing on plain-http origins, so ids come from a page-local counter.
const nextId = (): string => {
  sequence += 1;
  return `notification-${Date.now().toString(36)}-${sequence.toString(36)}`;
};

const commit = (next: AppNotification[]): void => {
  list = Object.freeze(next);
  [...listeners].forEach((listener) => listener());
};

const stopTimer = (id: string): void => {
  const timer = timers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    timers.delete(id);
  }
};

const startTimer = (notification: AppNotification): void => {
  stopTimer(notification.id);
  if (!notification.autoClose || paused.has(notification.id)) return;
  const delay = Math.min(notification.duration, MAX_TIMER_MS);
  timers.set(
    notification.id,
    setTimeout(() => remove(notification.id), delay),
  );
};

const forget = (id: string): void => {
  stopTimer(id);
  paused.delete(id);
};

const normaliseDuration = (duration: number | undefined): number =>
  duration !== undefined && Number.isFinite(duration) && duration >= 0 ? duration : DEFAULT_DURATION_MS; // SPEC §9

function add(input: NotificationInput): string {
  const settings = {
    // SPEC §4/§9: errors never auto-close, whatever the caller asks; the others do by default.
    autoClose: input.type === 'error' ? false : (input.autoClose ?? true),
    duration: normaliseDuration(input.duration),
    closable: input.closable ?? true, // SPEC §9
    timestamp: Date.now(),
  };

  // The same notice already on screen is refreshed, not stacked: a doubled call shows one notice.
  const existing = list.find(
    (n) => n.type === input.type && n.title === input.title && n.message === input.message,
  );
  if (existing) {
    const refreshed: AppNotification = Object.freeze({ ...existing, ...settings });
    commit(list.map((n) => (n === existing ? refreshed : n)));
    startTimer(refreshed);
    return existing.id;
  }

  const created: AppNotification = Object.freeze({
    id: nextId(),
    type: input.type,
    title: input.title,
    message: input.message,
    ...settings,
  });
  const next = [...list, created];
  while (next.length > MAX_NOTIFICATIONS) {
    // Drop the oldest; the one just added has the latest timestamp and sits last, so it survives.
    let oldest = 0;
    next.forEach((n, index) => {
      if (n.timestamp < (next[oldest]?.timestamp ?? Infinity)) oldest = index;
    });
    const [evicted] = next.splice(oldest, 1);
    if (evicted) forget(evicted.id);
  }
  commit(next);
  startTimer(created);
  return created.id;
}

function remove(id: string): void {
  forget(id);
  if (!list.some((n) => n.id === id)) return;
  commit(list.filter((n) => n.id !== id));
}

function clear(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  paused.clear();
  if (list.length > 0) commit([]);
}

function pause(id: string): void {
  if (!list.some((n) => n.id === id)) return;
  paused.add(id);
  stopTimer(id);
}

// Resuming restarts the full duration, so a reader who looks away still gets the whole time to read it.
function resume(id: string): void {
  if (!paused.delete(id)) return;
  const notification = list.find((n) => n.id === id);
  if (notification) startTimer(notification);
}

export const notifications = {
  add,
  remove,
  clear,
  pause,
  resume,
  getSnapshot(): readonly AppNotification[] {
    return list;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function notify(template: NotificationTemplate, overrides: NotificationOverrides = {}): string {
  return add({
    ...overrides,
    type: template.type,
    // An override given as undefined keeps the catalogue's words.
    title: overrides.title ?? template.title,
    message: overrides.message ?? template.message,
  });
}

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(notifications.subscribe, notifications.getSnapshot, notifications.getSnapshot);
}
