import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { ContentsTable } from './ContentsTable';
import { NETWORK_CONTENT_PATH } from './paths';

/** `/intranet/network-agency-page-contents`: the contents every agency page shows (spec 01 §2). */
export function NetworkContentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1080}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('agencyPage.networkContents')}
        </Title>
        <Button component={Link} to={NETWORK_CONTENT_PATH} leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {t('agencyPage.addContent')}
        </Button>
      </Group>
      <Card shadow="xs">
        <ContentsTable agencyId={null} editHref={(id) => `${NETWORK_CONTENT_PATH}?id=${id}`} />
      </Card>
    </Stack>
  );
}
