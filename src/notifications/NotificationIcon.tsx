// SPEC §8: each notification type has its own icon. Inline SVG instead of an icon library
// keeps the sign-in page's JavaScript small; the icons are decorative since the title says the same.
import type { ReactNode } from 'react';
import type { NotificationType } from './catalogue';

const SHAPES: Record<NotificationType, ReactNode> = {
  // check in a circle
  success: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </>
  ),
  // cross in an octagon, the "stop" shape
  error: (
    <>
      <path d="M8 2h8l6 6v8l-6 6H8l-6-6V8z" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  // exclamation mark in a triangle
  warning: (
    <>
      <path d="M12 3L2 20.5h20z" />
      <path d="M12 9.5V14M12 17.25v.01" />
    </>
  ),
  // "i" in a circle
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v5.5M12 7.75v.01" />
    </>
  ),
};

export function NotificationIcon({ type }: { type: NotificationType }) {
  return (
    <svg
      className={`notification__icon notification__icon--${type}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[type]}
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
