import { useEffect, useMemo, useRef } from 'react';
import { Notification, NotificationContext, useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_DURATION_MS } from '../config';
import { catalogue, type NotificationTemplate, type NotificationType } from './catalogue';
import { notifications as noticeStore, notify } from './store';

// Titles for react-admin notices that match no catalogue entry. 'Success' and 'Error' are SPEC §8's generic
// entries; 'Warning' and 'Information' are our choice, since the spec names no generic ones.
const GENERIC_TITLES: Record<NotificationType, string> = {
  success: catalogue.success.title,
  error: catalogue.error.title,
  warning: 'Warning',
  info: 'Information',
};

const staticEntries = Object.values(catalogue).filter(
  (entry): entry is NotificationTemplate => typeof entry === 'object',
);

// A notice whose text is a catalogue message keeps that entry's title (e.g. 'Connection Error').
export function templateFor(type: NotificationType, message: string): NotificationTemplate {
  return (
    staticEntries.find((entry) => entry.message === message && entry.type === type) ?? {
      type,
      title: GENERIC_TITLES[type],
      message,
    }
  );
}

// The keys react-admin notifies with (ra-core 5), each mapped to the catalogue on purpose (SPEC §8, issue #8 item 5).
// A save's success: `resources.<name>.notifications.<event>` with ra.notification.<event> as its fallback text.
const SAVED = /^(?:resources\.[^.]+\.notifications|ra\.notification)\.(created|updated|deleted)$/;
const BY_KEY: Record<string, NotificationTemplate> = {
  // react-admin sends it as an error; the catalogue calls a form error a warning.
  'ra.message.invalid_form': catalogue.formValidation,
  'ra.notification.http_error': catalogue.error,
  'ra.notification.not_authorized': catalogue.unauthorized,
  // A session react-admin found ended: the same words as every other way of losing it (issue #8 item 1).
  'ra.notification.logged_out': catalogue.authRequired,
  'ra.auth.auth_check_error': catalogue.authRequired,
};

// `key` is what react-admin passed to notify() (a translation key or plain words), `text` what it reads as.
export function templateForNotice(key: string, type: NotificationType, text: string): NotificationTemplate {
  // The specific words where react-admin has them ('Changes saved', 'Post created'), the catalogue's otherwise.
  if (SAVED.test(key)) return { ...catalogue.success, message: text || catalogue.success.message };
  // react-admin's own words for these are replaced by the catalogue's.
  const entry = BY_KEY[key];
  if (entry) return entry;
  return templateFor(type, text);
}

// A save that went through: the form's earlier 'Please check the form for errors' no longer holds.
const isSave = (key: string): boolean => /\.(created|updated)$/.test(key) && SAVED.test(key);

const dropFormValidationNotices = (): void => {
  const { type, title } = catalogue.formValidation;
  for (const stale of noticeStore.getSnapshot()) if (stale.type === type && stale.title === title) noticeStore.remove(stale.id);
};

const isUndoable = (payload: NotificationPayload) => payload.notificationOptions?.undoable === true;

// Every react-admin notify() goes through our store (issue #2), except undoable ones: those stay in
// react-admin's snackbar, the toast area of SPEC §1 (top right, 3000 ms per SPEC §9), which owns the Undo button.
export function ReactAdminNotifications() {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;
  const translate = useTranslate();
  // react-admin's snackbar takes the first notice of the queue in its own effect, which runs before this component's
  // (a child's effects run first): it showed every notice, behind ours, with the same words (a new user's probe: a
  // dark or red band around each of our notices on a phone, and each announced twice). It is shown the undoable ones
  // only.
  const undoableOnly = useMemo(() => {
    const undoable = context.notifications.filter(isUndoable);
    return {
      ...context,
      notifications: undoable,
      takeNotification: () => {
        const [first] = undoable;
        if (first) context.setNotifications((current) => current.filter((payload) => payload !== first));
        return first;
      },
    };
  }, [context]);

  useEffect(() => {
    const routed = notifications.filter((payload) => !isUndoable(payload));
    if (routed.length === 0) return;
    for (const payload of routed) {
      const { message, type, notificationOptions = {} } = payload;
      const text =
        typeof message === 'string'
          ? translate(message, { _: message, ...(notificationOptions.messageArgs ?? {}) })
          : String(message);
      const duration = notificationOptions.autoHideDuration;
      const key = typeof message === 'string' ? message : '';
      if (isSave(key)) dropFormValidationNotices();
      notify(templateForNotice(key, type, text), {
        ...(typeof duration === 'number' ? { duration } : {}),
        ...(duration === null ? { autoClose: false } : {}),
      });
    }
    setNotifications((current) => current.filter(isUndoable));
  }, [notifications, setNotifications, translate]);

  useCommitUndoableOnLeave();
  useUndoShortcut();

  return (
    <NotificationContext.Provider value={undoableOnly}>
      <Notification
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={TOAST_DURATION_MS}
        // The snackbar's own text colour, which contrasts with its background in both themes: the theme's teal on
        // the dark theme's light snackbar was 1.4:1 (an outside probe; axe only marked it for review).
        sx={{ '& .RaNotification-undo': { color: 'inherit', fontWeight: 700, textDecoration: 'underline' } }}
      />
    </NotificationContext.Provider>
  );
}

/**
 * Ctrl+Z (⌘Z) takes back the delete a notice shows, from anywhere but a field, whose own undo it stays: by keyboard
 * the Undo button came after the page's footer, 14 Tabs away, and the notice's 3 seconds (SPEC §9) were gone before
 * it was reached, so a row deleted by a key press could not be taken back (an outside probe, by keyboard).
 */
function useUndoShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z') return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return;
      const undo = document.querySelector<HTMLButtonElement>('.RaNotification-undo');
      if (!undo) return;
      event.preventDefault();
      undo.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * A delete shown as done ("Post deleted", with Undo) is sent when its notice closes. A page reloaded or closed before
 * then dropped it: the post stayed on the website while its editor had read that it was deleted (an outside probe).
 * As the page goes, the change waiting for its notice is sent now (its request outlives the page: httpClient.ts
 * sends deletes with keepalive).
 */
function useCommitUndoableOnLeave() {
  const takeMutation = useTakeUndoableMutation();
  const latest = useRef(takeMutation);
  useEffect(() => {
    latest.current = takeMutation;
  }, [takeMutation]);
  useEffect(() => {
    const commit = () => latest.current()?.({ isUndo: false });
    window.addEventListener('pagehide', commit);
    return () => window.removeEventListener('pagehide', commit);
  }, []);
}
