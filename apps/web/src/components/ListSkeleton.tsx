import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../i18n';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, height = 64 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    // A status with its name: an aria-label on a div without a role is refused by screen readers (axe).
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}
