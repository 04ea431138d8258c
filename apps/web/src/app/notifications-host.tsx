import { Notifications } from '@mantine/notifications';
import { NOTICE_AUTO_CLOSE_MS } from '../lib/notify';

/** The popover container: its own chunk, mounted when the first notice is shown. */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={NOTICE_AUTO_CLOSE_MS} zIndex={1000} />;
}
