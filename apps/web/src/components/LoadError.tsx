import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { EmptyBlock } from './EmptyBlock';

type LoadErrorProps = {
  /** What did not load. */
  message: string;
  onRetry: () => unknown;
  /** "Réessayer" turns while the query asks again. */
  retrying?: boolean;
  /**
   * `line` (default): a line inside a block; `block`: in place of a whole list or page, with an
   * icon; `alert`: a red box above or in place of a form's content.
   */
  variant?: 'line' | 'block' | 'alert';
  /** A smaller line (a panel's row). */
  compact?: boolean;
  /** The icon of `block` and `alert` (a warning sign by default). */
  icon?: ReactNode;
  /** The alert's title, when `message` explains it below. */
  title?: string;
};

/**
 * The one way a screen says a load failed: what failed, and "Réessayer" to ask again (spec 00 §8).
 * No screen draws its own.
 */
export function LoadError({ message, onRetry, retrying, variant = 'line', compact = false, icon, title }: LoadErrorProps) {
  const { t } = useTranslation();
  const retry = (props: { size?: string; mt?: string; withIcon?: boolean }) => (
    <Button
      variant="light"
      size={props.size}
      mt={props.mt}
      loading={retrying}
      leftSection={props.withIcon ? <IconRefresh size={16} aria-hidden="true" /> : undefined}
      onClick={() => void onRetry()}
    >
      {t('common.retry')}
    </Button>
  );
  if (variant === 'block') {
    return (
      <div role="alert">
        <EmptyBlock icon={icon ?? <IconAlertTriangle size={28} />} title={message}>
          {retry({ mt: 'sm', withIcon: true })}
        </EmptyBlock>
      </div>
    );
  }
  if (variant === 'alert') {
    return (
      <Alert
        role="alert"
        variant="light"
        color="red"
        icon={icon ?? <IconAlertTriangle size={20} aria-hidden="true" />}
        title={title}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          {retry({ size: 'xs' })}
        </Stack>
      </Alert>
    );
  }
  return (
    <Group justify="space-between" py={compact ? 'sm' : 'md'}>
      <Text c="dimmed" size={compact ? 'sm' : 'md'}>
        {message}
      </Text>
      {retry({ size: compact ? 'xs' : 'sm' })}
    </Group>
  );
}
