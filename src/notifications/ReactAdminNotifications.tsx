import { useEffect } from 'react';
import { Notification, useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_DURATION_MS } from '../config';
import { catalogue, type NotificationTemplate, type NotificationType } from './catalogue';
import { notify } from './store';

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

const isUndoable = (payload: NotificationPayload) => payload.notificationOptions?.undoable === true;

// Every react-admin notify() goes through our store (issue #2), except undoable ones: those stay in
// react-admin's snackbar, the toast area of SPEC §1 (top right, 3000 ms per SPEC §9), which owns the Undo button.
export function ReactAdminNotifications() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();

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
      notify(templateFor(type, text), {
        ...(typeof duration === 'number' ? { duration } : {}),
        ...(duration === null ? { autoClose: false } : {}),
      });
    }
    setNotifications((current) => current.filter(isUndoable));
  }, [notifications, setNotifications, translate]);

  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} />;
}
