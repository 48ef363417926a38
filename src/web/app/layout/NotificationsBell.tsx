// The bell, its data and polling live in features/notifications; the layout only places it in the header.
export { NotificationsBell } from '../../features/notifications/NotificationsBell';
