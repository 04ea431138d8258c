import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import 'virtual:theme-variables.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import '../i18n';
import { subscribeNoticeAsked, wasNoticeAsked } from '../lib/notice-signal';
import { theme } from './theme';

// The popover container (and its transitions) is loaded when the first notice is shown; the notice
// waits in Mantine's store meanwhile. The login route thus never loads it unless it has something
// to say; lib/notice-signal.ts tells when (the store itself stays out of the entry chunk).
const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

/**
 * Providers of every screen. The query cache is provided by the areas and the screens that use it
 * (see with-query-client.tsx), so the login route does not load TanStack Query.
 */
export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const hasNotices = useSyncExternalStore(subscribeNoticeAsked, wasNoticeAsked);
  return (
    // The theme's CSS variables are written at build time (build/theme-variables.ts), not by the provider.
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light" env={env}>
      {hasNotices ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
