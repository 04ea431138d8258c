import { Card, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconFolders, IconLock, IconMap2, IconMessages, IconReplace, type TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import classes from './HomePage.module.css';
import type { HomeContext } from './home-context';
import { type QuickLinkKind, quickLinksFor } from './quick-links';

const ICONS: Record<QuickLinkKind, TablerIcon> = {
  docBase: IconFolders,
  caSpace: IconLock,
  regionDocBase: IconMap2,
  forum: IconMessages,
  spareParts: IconReplace,
};

/** Quick links by role (spec 01 §2). */
export function QuickLinksPanel({ ctx }: { ctx: HomeContext }) {
  const { t } = useTranslation();
  const links = quickLinksFor(ctx);
  if (links.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="home-links-title" className={classes.panel}>
      <Title order={2} size="h4" id="home-links-title" mb="sm">
        {t('intranetHome.quickLinks.title')}
      </Title>
      <ul className={classes.links}>
        {links.map((link) => {
          const Icon = ICONS[link.kind];
          return (
            <li key={link.path}>
              <UnstyledButton component={Link} to={link.path} className={classes.shortcut}>
                <ThemeIcon size={36} radius="md" variant="light" color="ocean">
                  <Icon size={20} stroke={1.7} aria-hidden="true" />
                </ThemeIcon>
                <Text fw={600} size="sm" style={{ flex: 1 }}>
                  {t(link.labelKey)}
                </Text>
                <IconArrowRight size={16} color="var(--mantine-color-gray-5)" aria-hidden="true" />
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
