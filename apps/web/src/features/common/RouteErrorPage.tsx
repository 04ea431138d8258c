import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '../../components/Logo';
import { useTranslation } from '../../i18n';
import classes from './StatusScreen.module.css';

// The entry chunk carries this page (it is the root route's error element); the 404 page is rare,
// so its code loads when shown, which keeps it off the login route's budget.
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** A screen that failed to render or to load its code. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  return (
    <main className={classes.screen}>
      <div className={classes.logo}>
        <Logo />
      </div>
      <Paper className={classes.card} shadow="md" p={{ base: 'lg', sm: 40 }} withBorder>
        <Stack gap="md" align="center" role="alert">
          <Title order={1} size="h2">
            {t('routeError.title')}
          </Title>
          <Text c="dimmed">{t('routeError.text')}</Text>
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        </Stack>
      </Paper>
    </main>
  );
}
