import HistoryIcon from '@mui/icons-material/History';
import { AUDIT_LOG, AUDIT_LOG_LABEL } from '../../../schema/audit-log';
import type { ResourceViews } from '../types';

export const views: ResourceViews = {
  list: { load: () => import('./AuditLogList').then((module) => module.AuditLogList) },
  labels: { name: 'Audit log entry |||| Audit log entries' },
};

// Not a declared area (schema/areas): read-only, served by server/routes/audit-log.ts, listed under Settings (issue #9).
export const auditLogArea = { name: AUDIT_LOG, label: AUDIT_LOG_LABEL, icon: HistoryIcon };
