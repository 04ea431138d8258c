import { ActionIcon, Group, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import classes from './DocumentRow.module.css';
import { Hint } from './Hint';

interface DocumentRowProps {
  title: string;
  meta?: ReactNode;
  icon?: ReactNode;
  iconColor?: string;
  /** The file to download; none when the document has no file. */
  download?: { onClick: () => void; loading: boolean; label: string };
  children?: ReactNode;
  actions?: ReactNode;
}

/** One line of a list of documents, quotes or invoices: what it is, its details, its actions. */
export function DocumentRow({ title, meta, icon, iconColor = 'ocean', download, children, actions }: DocumentRowProps) {
  const { t } = useTranslation();
  return (
    <li className={classes.row}>
      <ThemeIcon variant="light" color={iconColor} size={40} radius="md" className={classes.icon}>
        {icon ?? <IconFileText size={20} />}
      </ThemeIcon>
      <div className={classes.main}>
        <Text fw={700} size="sm" className={classes.title}>
          {title}
        </Text>
        {meta ? (
          <Text size="sm" c="dimmed" component="div">
            {meta}
          </Text>
        ) : null}
        {children}
      </div>
      {download || actions ? (
        <Group gap={8} className={classes.actions} data-wide={actions ? true : undefined}>
          {actions}
          {download ? (
            <Hint label={t('extranet.download')}>
              <ActionIcon
                variant="light"
                color="gray"
                size={36}
                aria-label={download.label}
                loading={download.loading}
                onClick={download.onClick}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Hint>
          ) : null}
        </Group>
      ) : null}
    </li>
  );
}

/** The list that holds DocumentRows. */
export function DocumentList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={classes.list} aria-label={label}>
      {children}
    </ul>
  );
}
