import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentBases } from '../../../api/document-bases';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import classes from './DocBases.module.css';
import { listPath } from './doc-base-access';

/** `/intranet/doc-base`: one card per base the reader may read (the server answers only those). */
export function DocBasesPage() {
  const { t } = useTranslation();
  const bases = useDocumentBases();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('menu.docBase')}
      </Title>
      {bases.isError ? (
        <LoadError message={t('documentBases.errors.loadBases')} onRetry={() => void bases.refetch()} />
      ) : !bases.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={120} radius="md" />
          ))}
        </SimpleGrid>
      ) : bases.data.length === 0 ? (
        <EmptyBlock icon={<IconFolders size={28} />} title={t('documentBases.noBase')} text={t('documentBases.noBaseText')} />
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} className={classes.plainList} aria-label={t('menu.docBase')}>
          {bases.data.map((base) => {
            const Icon = base.regionId !== null ? IconMapPin : base.id === 2 ? IconUsersGroup : IconFolders;
            return (
              <li key={base.id}>
                <Card component={Link} to={listPath(base.id)} shadow="xs" className={classes.baseCard}>
                  <Icon size={32} stroke={1.5} aria-hidden="true" className={classes.baseIcon} />
                  <Text fw={600} size="lg">
                    {base.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(
                      base.regionId !== null
                        ? 'documentBases.kind.region'
                        : base.id === 2
                          ? 'documentBases.kind.ca'
                          : 'documentBases.kind.general',
                    )}
                  </Text>
                </Card>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
