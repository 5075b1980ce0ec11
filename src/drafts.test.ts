// src/drafts.ts: what a session's end keeps of unsaved edits, and who gets it back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_KEPT_MS, forgetRestored, keepDrafts, noteSignedInUser, registerDraftKeeper, takeDraft } from './drafts';

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const off of unregister.splice(0)) off();
  forgetRestored('/dashboard/blogs/7');
  window.sessionStorage.clear();
  vi.useRealTimers();
});

function editing(path: string, values: Record<string, unknown> | undefined) {
  unregister.push(registerDraftKeeper(() => (values ? { path, values } : undefined)));
}

describe('kept edits', () => {
  it('are kept for each form holding some, and taken back once by the user who made them', () => {
    noteSignedInUser(1);
    editing('/dashboard/blogs/7', { title: 'Edited' });
    editing('/dashboard/blogs/create', undefined);
    expect(keepDrafts()).toBe(1);
    noteSignedInUser(1);
    expect(takeDraft('/dashboard/blogs/create')).toBeUndefined();
    expect(takeDraft('/dashboard/blogs/7')).toEqual({ values: { title: 'Edited' }, first: true });
    // A form of the same page opened again as it settles gets them too, without a second notice.
    expect(takeDraft('/dashboard/blogs/7')).toEqual({ values: { title: 'Edited' }, first: false });
    forgetRestored('/dashboard/blogs/7');
    expect(takeDraft('/dashboard/blogs/7')).toBeUndefined();
    expect(Object.keys(window.sessionStorage)).toEqual([]);
  });

  it('are dropped when another user signs in on the tab', () => {
    noteSignedInUser(1);
    editing('/dashboard/blogs/7', { title: 'Edited' });
    keepDrafts();
    noteSignedInUser(2);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(takeDraft('/dashboard/blogs/7')).toBeUndefined();
  });

  it(`are dropped after ${DRAFT_KEPT_MS / 3_600_000} hours`, () => {
    vi.useFakeTimers({ now: new Date('2026-12-06T10:00:00Z') });
    noteSignedInUser(1);
    editing('/dashboard/blogs/7', { title: 'Edited' });
    keepDrafts();
    vi.setSystemTime(new Date(Date.now() + DRAFT_KEPT_MS + 1));
    expect(takeDraft('/dashboard/blogs/7')).toBeUndefined();
  });
});
