import { Badge, Card, Collapse, Group, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './CollapsibleSection.module.css';

interface CollapsibleSectionProps {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  color?: string;
  count?: number;
  defaultOpened: boolean;
  children: ReactNode;
}

/** A dashboard block whose title folds and unfolds it (a heading holding a button, as ARIA advises). */
export function CollapsibleSection({
  title,
  subtitle,
  icon,
  color = 'ocean',
  count,
  defaultOpened,
  children,
}: CollapsibleSectionProps) {
  const [opened, setOpened] = useState(defaultOpened);
  const bodyId = useId();
  return (
    <Card shadow="xs" padding={0} component="section" aria-label={title}>
      <Title order={2} size="h4" className={classes.heading}>
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={opened}
          aria-controls={bodyId}
          onClick={() => setOpened((o) => !o)}
        >
          <Group wrap="nowrap" gap="md">
            <ThemeIcon variant="light" color={color} size={40} radius="md" style={{ flex: 'none' }}>
              {icon}
            </ThemeIcon>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Group gap={8} wrap="nowrap">
                <Text span fw={700} fz="lg" lh={1.3}>
                  {title}
                </Text>
                {count !== undefined ? (
                  <Badge color={color} variant="filled" size="md" circle={count < 10}>
                    {count}
                  </Badge>
                ) : null}
              </Group>
              {subtitle ? (
                <Text span size="sm" c="dimmed" fw={400} display="block">
                  {subtitle}
                </Text>
              ) : null}
            </div>
            <IconChevronDown size={20} aria-hidden="true" className={classes.chevron} data-opened={opened || undefined} />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened} id={bodyId}>
        <div className={classes.body}>{children}</div>
      </Collapse>
    </Card>
  );
}
