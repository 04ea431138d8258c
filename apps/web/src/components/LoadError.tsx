import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n';

/** A block that did not load: what failed, and "Réessayer" to ask again. */
export function LoadError({ message, onRetry, compact = false }: { message: string; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" py={compact ? 'sm' : 'md'}>
      <Text c="dimmed" size={compact ? 'sm' : 'md'}>
        {message}
      </Text>
      <Button variant="light" size={compact ? 'xs' : 'sm'} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Group>
  );
}
