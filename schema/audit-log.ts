// The audit log (issue #9): its name, and the actions it records with the words the console shows for them.
// Read by the API (server/repositories/audit.ts, server/routes/audit-log.ts) and the console (src/resources/audit-log).

/** Route segment = API path = resource name. */
export const AUDIT_LOG = 'audit-log';
/** The menu title, under Settings. */
export const AUDIT_LOG_LABEL = 'Audit Log';

export const AUDIT_ACTIONS = ['sign-in', 'sign-in-failed', 'sign-out', 'password-change', 'password-reset', 'unlock', 'create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'password-change': 'Changed own password',
  'password-reset': 'Reset password',
  unlock: 'Unlocked account',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};
