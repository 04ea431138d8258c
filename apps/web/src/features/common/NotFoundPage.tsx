import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { useTranslation } from '../../i18n';
import classes from './StatusScreen.module.css';

/** Any path the route map does not know (spec 00 §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const intranet = pathname.startsWith('/intranet');
  return (
    <main className={classes.screen}>
      <div className={classes.logo}>
        <Logo />
      </div>
      <Paper className={classes.card} shadow="md" p={{ base: 'lg', sm: 40 }} withBorder>
        <Stack gap="md" align="center">
          <div className={classes.code} aria-hidden="true">
            {t('notFound.code')}
          </div>
          <Title order={1} size="h2">
            {t('notFound.title')}
          </Title>
          <Text c="dimmed">{t('notFound.text')}</Text>
          <Group justify="center" mt="sm">
            <Button component={Link} to={intranet ? '/intranet' : '/extranet'} leftSection={<IconArrowLeft size={18} />}>
              {intranet ? t('notFound.homeIntranet') : t('notFound.homeExtranet')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </main>
  );
}
