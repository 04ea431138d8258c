import { Button, Group, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './HomePage.module.css';

/** A dashboard panel's title (it names the panel's region) and its link to the full screen. */
export function PanelHeader({ id, title, link }: { id: string; title: string; link: { to: string; label: string } }) {
  return (
    <Group justify="space-between" mb="sm" gap="xs" className={classes.panelHeader}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Button component={Link} to={link.to} variant="subtle" size="compact-sm" rightSection={<IconArrowRight size={16} />}>
        {link.label}
      </Button>
    </Group>
  );
}
