import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DocumentBaseItem } from '../../../api/document-bases';
import { FileImage } from '../../../components/FileImage';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import classes from './DocBases.module.css';

export const EDITION_DATE = 'dd/MM/yyyy';

/** One document of the grid: the title is the link, its hit area the whole card (see the CSS). */
export function DocumentCard({
  item,
  to,
  listSearch,
  categoryName,
}: {
  item: DocumentBaseItem;
  to: string;
  listSearch: string;
  categoryName?: string;
}) {
  const { t } = useTranslation();
  const illustration = item.illustrationFiles[0];
  const placeholder = (
    <div className={classes.placeholder} aria-hidden="true">
      <IconFileText size={44} stroke={1.4} />
    </div>
  );
  return (
    <Card className={classes.card} padding={0} shadow="xs">
      <div className={classes.media}>
        {illustration ? (
          <FileImage fileId={illustration.fileId} previewWidth={768} alt="" fallback={placeholder} className={classes.image} />
        ) : (
          placeholder
        )}
      </div>
      <div className={classes.body}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          {categoryName ? (
            <Badge variant="light" color="teal">
              {categoryName}
            </Badge>
          ) : (
            <span />
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={item.lastEditionDate}>
            {formatDate(item.lastEditionDate, EDITION_DATE)}
          </Text>
        </Group>
        <Title order={2} size="h4" lineClamp={2} className={classes.title}>
          <Link to={to} state={{ listSearch }} className={classes.link}>
            {item.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {item.shortDescription}
        </Text>
        {item.isPublic ? null : (
          <Badge variant="dot" color="orange" mt="auto">
            {t('documentBases.onlyAdherents')}
          </Badge>
        )}
      </div>
    </Card>
  );
}
