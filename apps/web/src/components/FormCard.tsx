import { Card, Group, Stack, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';

/** A titled card holding one form (contact details, email, password): the same frame everywhere. */
export function FormCard({
  icon: IconComponent,
  title,
  level,
  onSubmit,
  children,
}: {
  icon: Icon;
  title: string;
  /** 2 on a page of its own, 3 inside a contract tab. */
  level: 2 | 3;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card shadow="xs">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconComponent size={22} color="var(--mantine-color-ocean-7)" aria-hidden="true" />
            <Title order={level} size={level === 2 ? 'h4' : 'h5'}>
              {title}
            </Title>
          </Group>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
