import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';

/** A screen the user's permissions do not open (spec 00 §6). */
export function ForbiddenPage({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="md" py="lg" ta="center" role="alert">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('forbidden.title')}
        </Title>
        <Text c="dimmed">{t('forbidden.text')}</Text>
        <Button component={Link} to={home} variant="light" leftSection={<IconArrowLeft size={18} />}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Paper>
  );
}
