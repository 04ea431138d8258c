import { ActionIcon, Card, Group, Text, Title } from '@mantine/core';
import { IconApps, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { NetworkApplication } from '../../../api/network-applications';
import { FileImage } from '../../../components/FileImage';
import linkCard from '../../../components/LinkCard.module.css';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import classes from './ApplicationCard.module.css';

interface ApplicationCardProps {
  application: NetworkApplication;
  /** Edit and delete are offered with network_application_administration only (the server checks it again). */
  canManage: boolean;
  onEdit(application: NetworkApplication): void;
  onDelete(application: NetworkApplication): void;
}

/** The address's host, shown under the title so the user sees where the link leads. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * One application of the directory: its logo (or a placeholder), its title as the link, which
 * opens the application in a new tab and says so to screen readers. The link's hit area covers
 * the card; the edit and delete icons stay their own targets.
 */
export function ApplicationCard({ application, canManage, onEdit, onDelete }: ApplicationCardProps) {
  const { t } = useTranslation();
  const placeholder = (
    <div className={classes.placeholder} aria-hidden="true">
      <IconApps size={44} stroke={1.4} />
    </div>
  );
  const edit = t('applications.edit', { title: application.title });
  const remove = t('applications.delete', { title: application.title });
  return (
    <Card className={linkCard.card} padding={0} shadow="xs" withBorder>
      <div className={classes.media}>
        <FileImage fileId={application.illustrationFileId} alt="" fallback={placeholder} className={classes.image} />
      </div>
      <div className={classes.body}>
        <div className={classes.text}>
          <Title order={2} size="h4" lineClamp={2} className={classes.title}>
            <a href={application.url} target="_blank" rel="noopener noreferrer" className={linkCard.link}>
              {application.title}
              <IconExternalLink size={16} aria-hidden="true" className={classes.linkIcon} />
              <span className="visually-hidden"> {t('common.newTab')}</span>
            </a>
          </Title>
          <Text size="sm" c="dimmed" truncate="end">
            {hostOf(application.url)}
          </Text>
        </div>
        {canManage ? (
          <Group gap={4} className={linkCard.above} wrap="nowrap" style={{ flex: 'none' }}>
            <Tooltip label={t('applications.editShort')} withArrow>
              <ActionIcon variant="subtle" color="gray" size={36} aria-label={edit} onClick={() => onEdit(application)}>
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('applications.deleteShort')} withArrow>
              <ActionIcon variant="subtle" color="red" size={36} aria-label={remove} onClick={() => onDelete(application)}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </div>
    </Card>
  );
}
