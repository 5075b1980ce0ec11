// Edits a session's end would have dropped (a new user's probe: signed out from another browser, or the token
// expired, a half-written post was gone after signing in again, the form back at its saved values). As the console
// leaves for the sign-in page on a 401 (authProvider.checkError), each form holding unsaved edits leaves them here, in
// this tab's sessionStorage under its page's address; the form of that page takes them back once the same user has
// signed in again and it opens (UnsavedChangesGuard.tsx), and they are saved as any edit is: a stale copy merges or
// asks (issue #8). They are dropped when another user signs in, after DRAFT_KEPT_MS, and with the tab.
// Plain TypeScript, no react-admin: authProvider.ts, which the sign-in page loads, calls it.

const KEY_PREFIX = 'cornerstone.draft:';
/** How long kept edits wait for their user to sign in again. */
export const DRAFT_KEPT_MS = 24 * 60 * 60 * 1000;

interface KeptDraft {
  owner: string;
  at: number;
  values: Record<string, unknown>;
}

/** What a form with unsaved edits leaves: its page's address and its values; nothing when it has no edits. */
export type DraftKeeper = () => { path: string; values: Record<string, unknown> } | undefined;

const keepers = new Set<DraftKeeper>();
// Who is signed in, by the id the API gives them: kept edits are theirs alone.
let owner: string | undefined;

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off (a privacy setting): nothing is kept, as before.
    return undefined;
  }
};

/** A form with edits registers while it is open; the answer unregisters it. */
export function registerDraftKeeper(keeper: DraftKeeper): () => void {
  keepers.add(keeper);
  return () => keepers.delete(keeper);
}

/** The user signed in now (their id as the API answers it); another user's kept edits are dropped. */
export function noteSignedInUser(id: string | number | undefined): void {
  if (id === undefined) return;
  if (owner !== String(id)) restored = undefined;
  owner = String(id);
  const kept = storage();
  if (!kept) return;
  for (const key of draftKeys(kept)) {
    const draft = read(kept, key);
    if (!draft || draft.owner !== owner || Date.now() - draft.at > DRAFT_KEPT_MS) kept.removeItem(key);
  }
}

/** The session ended: every open form's unsaved edits are kept for its page. Answers how many were kept. */
export function keepDrafts(): number {
  const kept = storage();
  if (!kept || owner === undefined) return 0;
  let count = 0;
  for (const keeper of keepers) {
    const draft = keeper();
    if (!draft) continue;
    try {
      kept.setItem(KEY_PREFIX + draft.path, JSON.stringify({ owner, at: Date.now(), values: draft.values } satisfies KeptDraft));
      count += 1;
    } catch {
      // Full (a quota of a few MB): that form's edits are not kept.
    }
  }
  return count;
}

// The edits last taken back, while their page is open: react-admin may mount the page's form again as it settles
// (after a sign-in, the Edit page's form opened twice), and the second form must get them too.
let restored: { path: string; values: Record<string, unknown> } | undefined;

/**
 * The edits kept for this page by the user signed in now, taken out of storage; `first` is false when a form of the
 * same page already took them (no second notice). Kept in memory until forgetRestored.
 */
export function takeDraft(path: string): { values: Record<string, unknown>; first: boolean } | undefined {
  if (restored?.path === path) return { values: restored.values, first: false };
  const kept = storage();
  if (!kept || owner === undefined) return undefined;
  const draft = read(kept, KEY_PREFIX + path);
  if (draft === undefined) return undefined;
  kept.removeItem(KEY_PREFIX + path);
  if (draft.owner !== owner || Date.now() - draft.at > DRAFT_KEPT_MS) return undefined;
  restored = { path, values: draft.values };
  return { values: draft.values, first: true };
}

/** The page's form was saved, or the page was left: the edits taken back are not given again. */
export function forgetRestored(path: string): void {
  if (restored?.path === path) restored = undefined;
}

function draftKeys(kept: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < kept.length; index++) {
    const key = kept.key(index);
    if (key?.startsWith(KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

function read(kept: Storage, key: string): KeptDraft | undefined {
  try {
    const value = JSON.parse(kept.getItem(key) ?? 'null') as KeptDraft | null;
    return value && typeof value.owner === 'string' && typeof value.at === 'number' && value.values && typeof value.values === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
