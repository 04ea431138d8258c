import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty list: an icon, what is missing, and what to expect. */
export function EmptyBlock({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap={6} py="xl" px="md">
      <ThemeIcon variant="light" color="gray" size={56} radius="xl" mb={4}>
        {icon}
      </ThemeIcon>
      <Text fw={700}>{title}</Text>
      {text ? (
        <Text c="dimmed" size="sm" maw={480}>
          {text}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}
