export { catalogue, type CatalogueKey, type NotificationTemplate, type NotificationType } from './catalogue';
export {
  DEFAULT_DURATION_MS,
  MAX_NOTIFICATIONS,
  notifications,
  notify,
  useNotifications,
  type AppNotification,
  type NotificationInput,
  type NotificationOverrides,
} from './store';
export { formatRelativeTime } from './relativeTime';
export { NotificationArea } from './NotificationArea';
