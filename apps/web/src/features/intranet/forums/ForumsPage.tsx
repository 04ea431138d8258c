import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useForums } from '../../../api/forums';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';

/** `/intranet/forum`: the forums the reader may read (GET /forums answers only those, spec 00 §6). */
export function ForumsPage() {
  const { t } = useTranslation();
  const forums = useForums();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('forums.title')}
      </Title>
      {forums.isPending ? (
        <ListSkeleton rows={4} height={72} />
      ) : forums.isError ? (
        <LoadError message={t('forums.errors.loadForums')} onRetry={() => void forums.refetch()} />
      ) : forums.data.length === 0 ? (
        <EmptyBlock icon={<IconMessages size={28} />} title={t('forums.noForum')} text={t('forums.noForumText')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {forums.data.map((forum) => (
            <li key={forum.id}>
              <UnstyledButton component={Link} to={`/intranet/forum/${forum.id}`} w="100%">
                <Card shadow="xs" padding="lg" radius="md" withBorder>
                  <Stack gap={4}>
                    <Text fw={700} size="lg">
                      {forum.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('forums.open')}
                    </Text>
                  </Stack>
                </Card>
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
