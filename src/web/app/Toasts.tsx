import { Notifications } from '@mantine/notifications';

/** Mantine's toasts, in their own chunk: root.tsx mounts them after the first screen (see DeferredNotifications). */
export default function Toasts() {
  return <Notifications position="top-right" />;
}
