import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from './catalogue';
import { DEFAULT_DURATION_MS, MAX_NOTIFICATIONS, notifications, notify, useNotifications } from './store';

const visible = () => notifications.getSnapshot();
const byId = (id: string) => visible().find((n) => n.id === id);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2024, 0, 15, 12));
});

afterEach(() => {
  notifications.clear();
  vi.useRealTimers();
});

describe('notification store (SPEC §3/§4/§9)', () => {
  it('adds a notification with the spec defaults: 5000 ms, auto-close, closable', () => {
    const id = notifications.add({ type: 'success', title: 'Saved', message: 'All good' });
    expect(DEFAULT_DURATION_MS).toBe(5000);
    expect(visible()).toEqual([
      {
        id,
        type: 'success',
        title: 'Saved',
        message: 'All good',
        timestamp: Date.UTC(2024, 0, 15, 12),
        autoClose: true,
        duration: 5000,
        closable: true,
      },
    ]);
    expect(id).toEqual(expect.any(String));
    expect(id.length).toBeGreaterThan(0);
  });

  it('generates a distinct id for each notification', () => {
    const a = notifications.add({ type: 'info', title: 'A', message: 'a' });
    const b = notifications.add({ type: 'info', title: 'B', message: 'b' });
    expect(a).not.toBe(b);
  });

  it('keeps the caller’s autoClose, duration and closable', () => {
    const id = notifications.add({
      type: 'warning',
      title: 'T',
      message: 'M',
      autoClose: false,
      duration: 1234,
      closable: false,
    });
    expect(byId(id)).toMatchObject({ autoClose: false, duration: 1234, closable: false });
  });

  it('falls back to the default duration for a nonsensical one', () => {
    const a = notifications.add({ type: 'info', title: 'A', message: 'a', duration: -1 });
    const b = notifications.add({ type: 'info', title: 'B', message: 'b', duration: Number.NaN });
    expect(byId(a)?.duration).toBe(5000);
    expect(byId(b)?.duration).toBe(5000);
  });

  it('removes an auto-closing notification after its duration, not before', () => {
    const id = notifications.add({ type: 'info', title: 'T', message: 'M' });
    vi.advanceTimersByTime(4999);
    expect(byId(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(byId(id)).toBeUndefined();
  });

  it('honours a custom duration', () => {
    const id = notifications.add({ type: 'success', title: 'T', message: 'M', duration: 1000 });
    vi.advanceTimersByTime(999);
    expect(byId(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(byId(id)).toBeUndefined();
  });

  it('never auto-closes an error, even when asked to', () => {
    const id = notifications.add({ type: 'error', title: 'T', message: 'M', autoClose: true, duration: 100 });
    expect(byId(id)?.autoClose).toBe(false);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(byId(id)).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a notification with autoClose off until it is removed', () => {
    const id = notifications.add({ type: 'info', title: 'T', message: 'M', autoClose: false });
    vi.advanceTimersByTime(60_000);
    expect(byId(id)).toBeDefined();
  });

  it('remove() takes the notification away and cancels its timer', () => {
    const keep = notifications.add({ type: 'info', title: 'Keep', message: 'k' });
    const gone = notifications.add({ type: 'info', title: 'Gone', message: 'g' });
    expect(vi.getTimerCount()).toBe(2);
    notifications.remove(gone);
    expect(visible().map((n) => n.id)).toEqual([keep]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('remove() of an unknown id changes nothing', () => {
    notifications.add({ type: 'info', title: 'T', message: 'M' });
    const before = visible();
    notifications.remove('nope');
    expect(visible()).toBe(before);
  });

  it('clear() removes everything and cancels every timer', () => {
    notifications.add({ type: 'info', title: 'A', message: 'a' });
    notifications.add({ type: 'success', title: 'B', message: 'b' });
    notifications.add({ type: 'error', title: 'C', message: 'c' });
    notifications.clear();
    expect(visible()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives a new, frozen snapshot on each change and the same one otherwise', () => {
    const empty = visible();
    expect(visible()).toBe(empty);
    notifications.add({ type: 'info', title: 'T', message: 'M' });
    const one = visible();
    expect(one).not.toBe(empty);
    expect(Object.isFrozen(one)).toBe(true);
    expect(Object.isFrozen(one[0])).toBe(true);
    expect(empty).toEqual([]);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = notifications.subscribe(listener);
    const id = notifications.add({ type: 'info', title: 'T', message: 'M' });
    notifications.remove(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    notifications.add({ type: 'info', title: 'T', message: 'M' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  describe('an exact duplicate already on screen', () => {
    it('is refreshed instead of stacked', () => {
      const first = notify(catalogue.networkError);
      vi.advanceTimersByTime(3000);
      const second = notify(catalogue.networkError);
      expect(second).toBe(first);
      expect(visible()).toHaveLength(1);
      expect(byId(first)?.timestamp).toBe(Date.UTC(2024, 0, 15, 12) + 3000);
    });

    it('gets its auto-close timer restarted', () => {
      const id = notify(catalogue.success);
      vi.advanceTimersByTime(4000);
      notify(catalogue.success);
      vi.advanceTimersByTime(4000);
      expect(byId(id)).toBeDefined();
      vi.advanceTimersByTime(1000);
      expect(byId(id)).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('is told apart by type, title and message', () => {
      notifications.add({ type: 'info', title: 'T', message: 'M' });
      notifications.add({ type: 'warning', title: 'T', message: 'M' });
      notifications.add({ type: 'info', title: 'Other', message: 'M' });
      notifications.add({ type: 'info', title: 'T', message: 'Other' });
      expect(visible()).toHaveLength(4);
    });

    it('is stacked again once the first one has gone', () => {
      const first = notify(catalogue.logout);
      notifications.remove(first);
      const second = notify(catalogue.logout);
      expect(second).not.toBe(first);
      expect(visible()).toHaveLength(1);
    });
  });

  it(`keeps only the newest ${MAX_NOTIFICATIONS} and cancels the dropped ones' timers`, () => {
    expect(MAX_NOTIFICATIONS).toBe(5);
    const ids: string[] = [];
    for (let i = 1; i <= 7; i += 1) {
      ids.push(notifications.add({ type: 'info', title: `N${i}`, message: 'm' }));
      vi.advanceTimersByTime(10);
    }
    expect(visible().map((n) => n.title)).toEqual(['N3', 'N4', 'N5', 'N6', 'N7']);
    expect(vi.getTimerCount()).toBe(5);
    expect(byId(ids[0] ?? '')).toBeUndefined();
  });

  it('drops the least recently refreshed when full', () => {
    const titles = ['A', 'B', 'C', 'D', 'E'];
    titles.forEach((title) => {
      notifications.add({ type: 'warning', title, message: 'm', autoClose: false });
      vi.advanceTimersByTime(10);
    });
    notifications.add({ type: 'warning', title: 'A', message: 'm', autoClose: false }); // refreshes A
    vi.advanceTimersByTime(10);
    notifications.add({ type: 'warning', title: 'F', message: 'm', autoClose: false });
    expect(visible().map((n) => n.title)).toEqual(['A', 'C', 'D', 'E', 'F']);
  });

  describe('pause and resume', () => {
    it('holds the timer while paused and restarts the full duration on resume', () => {
      const id = notifications.add({ type: 'info', title: 'T', message: 'M' });
      vi.advanceTimersByTime(4000);
      notifications.pause(id);
      vi.advanceTimersByTime(10_000);
      expect(byId(id)).toBeDefined();
      notifications.resume(id);
      vi.advanceTimersByTime(4999);
      expect(byId(id)).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(byId(id)).toBeUndefined();
    });

    it('keeps a paused duplicate paused when it is refreshed', () => {
      const id = notify(catalogue.success);
      notifications.pause(id);
      notify(catalogue.success);
      vi.advanceTimersByTime(10_000);
      expect(byId(id)).toBeDefined();
    });

    it('never starts a timer for an error on resume', () => {
      const id = notify(catalogue.error);
      notifications.pause(id);
      notifications.resume(id);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

describe('notify()', () => {
  it('adds a catalogue entry as is', () => {
    const id = notify(catalogue.authRequired);
    expect(byId(id)).toMatchObject({
      type: 'warning',
      title: 'Authentication Required',
      message: 'Please log in to access this page',
      autoClose: true,
      duration: 5000,
      closable: true,
    });
  });

  it('applies overrides, keeping the catalogue words for those left undefined', () => {
    const id = notify(catalogue.error, { message: 'Server said no', duration: 8000, closable: false });
    expect(byId(id)).toMatchObject({
      type: 'error',
      title: 'Error',
      message: 'Server said no',
      duration: 8000,
      closable: false,
      autoClose: false,
    });
    const other = notify(catalogue.formValidation, { title: undefined, message: undefined });
    expect(byId(other)).toMatchObject({ title: 'Form Validation', message: 'Please check the form for errors' });
  });
});

describe('useNotifications()', () => {
  it('re-renders with the current list', () => {
    const { result } = renderHook(() => useNotifications());
    expect(result.current).toEqual([]);
    let id = '';
    act(() => {
      id = notify(catalogue.loginSuccess('Ada'));
    });
    expect(result.current.map((n) => n.message)).toEqual(['Welcome back, Ada!']);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current).toEqual([]);
    expect(id).not.toBe('');
  });
});
