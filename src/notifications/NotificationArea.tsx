// SPEC §1/§9: the notification area fixed at the top right, at most 400px wide.
// Plain React and a plain stylesheet: it renders on the sign-in page, whose JavaScript budget is tiny.
import { useRef } from 'react';
import type { NotificationType } from './catalogue';
import { CloseIcon, NotificationIcon } from './NotificationIcon';
import { notifications, useNotifications, type AppNotification } from './store';
import './NotificationArea.css';

// SPEC §8: "the error type uses the danger alert style and the others keep their names".
const STYLE: Record<NotificationType, string> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

// Problems interrupt a screen reader; good news waits for a pause.
const isUrgent = (type: NotificationType): boolean => type === 'error' || type === 'warning';

interface CardProps {
  notification: AppNotification;
  onDismiss: (id: string) => void;
  registerCloseButton: (id: string, button: HTMLButtonElement | null) => void;
}

function NotificationCard({ notification, onDismiss, registerCloseButton }: CardProps) {
  const { id, type, title, message, closable } = notification;
  // The timer waits while the pointer or the keyboard focus is on the card, so nobody loses it mid-read.
  const hold = useRef({ hovered: false, focused: false });
  const update = (change: Partial<typeof hold.current>) => {
    hold.current = { ...hold.current, ...change };
    if (hold.current.hovered || hold.current.focused) notifications.pause(id);
    else notifications.resume(id);
  };

  return (
    <div
      className={`notification notification--${STYLE[type]}`}
      role={isUrgent(type) ? 'alert' : 'status'}
      aria-live={isUrgent(type) ? 'assertive' : 'polite'}
      aria-atomic="true"
      onMouseEnter={() => update({ hovered: true })}
      onMouseLeave={() => update({ hovered: false })}
    >
      <NotificationIcon type={type} />
      <div className="notification__body">
        <strong className="notification__title">{title}</strong>
        <p className="notification__message">{message}</p>
      </div>
      {closable && (
        <button
          type="button"
          className="notification__close"
          aria-label="Close notification"
          ref={(button) => registerCloseButton(id, button)}
          onClick={() => onDismiss(id)}
          onFocus={() => update({ focused: true })}
          onBlur={() => update({ focused: false })}
          onKeyDown={(event) => {
            // The close button is the only focusable part of a card, so Escape here means "close this one".
            if (event.key !== 'Escape') return;
            event.preventDefault();
            // Keep Escape from also closing whatever lies beneath (the mobile sidebar listens for it).
            event.stopPropagation();
            onDismiss(id);
          }}
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

export function NotificationArea() {
  const list = useNotifications();
  const closeButtons = useRef(new Map<string, HTMLButtonElement>());

  const registerCloseButton = (id: string, button: HTMLButtonElement | null) => {
    if (button) closeButtons.current.set(id, button);
    else closeButtons.current.delete(id);
  };

  const dismiss = (id: string) => {
    // When the focused card goes away, hand focus to a neighbour rather than dropping it on <body>.
    if (document.activeElement === closeButtons.current.get(id)) {
      const index = list.findIndex((n) => n.id === id);
      const neighbours = [...list.slice(index + 1), ...list.slice(0, index).reverse()];
      const next = neighbours.find((n) => closeButtons.current.has(n.id));
      if (next) closeButtons.current.get(next.id)?.focus();
    }
    notifications.remove(id);
  };

  // Always mounted (empty when idle) and click-through, so it never covers the header's buttons.
  return (
    <div className="notification-area">
      {list.map((notification) => (
        <NotificationCard
          key={notification.id}
          notification={notification}
          onDismiss={dismiss}
          registerCloseButton={registerCloseButton}
        />
      ))}
    </div>
  );
}
