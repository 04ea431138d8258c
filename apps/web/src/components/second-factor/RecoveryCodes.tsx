import { Alert, List, Text } from '@mantine/core';

const twoColumns = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 } as const;

/** The 10 recovery codes, shown once: a list a screen reader reads, in two columns, with the warning. */
export function RecoveryCodes({ codes, title, warning }: { codes: string[]; title: string; warning: string }) {
  return (
    <Alert color="yellow" variant="light" title={title}>
      <Text size="sm" mb="sm">
        {warning}
      </Text>
      <List listStyleType="none" aria-label={title} data-testid="recovery-codes" style={twoColumns}>
        {codes.map((code) => (
          <List.Item key={code} ff="monospace" fz="md">
            {code}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
