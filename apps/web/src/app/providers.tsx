import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import '../i18n';
import { theme } from './theme';
import { cssVariablesResolver } from './theme-contrast';

// The popover container (and its transitions) is loaded when the first notice is shown; the notice
// waits in the store meanwhile. The login route thus never loads it unless it has something to say.
const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

function useHasNotices(): boolean {
  const [seen, setSeen] = useState(false);
  const pending = useSyncExternalStore(
    notificationsStore.subscribe,
    () => notificationsStore.getState().notifications.length + notificationsStore.getState().queue.length > 0,
  );
  if (pending && !seen) setSeen(true);
  return seen || pending;
}

/**
 * Providers of every screen. The query cache is provided by the areas and the screens that use it
 * (see with-query-client.tsx), so the login route does not load TanStack Query.
 */
export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const hasNotices = useHasNotices();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {hasNotices ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
