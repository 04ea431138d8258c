import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DATA_EXPORT_MESSAGES } from '@reseau/contracts/constants/data-exports';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconHourglass } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';

interface DataExportCardProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  /** What the ZIP holds and how it comes (a mail with a link valid 7 days). */
  text: ReactNode;
  buttonLabel: string;
  /** Said once the request is recorded ("Vous recevrez un e-mail…"). */
  sentTitle: string;
  sentText: string;
  /** The API call (its page's API file); a refusal `data_export_in_progress` says one is being made. */
  request: () => Promise<unknown>;
}

/** What the card says under its button: sent, already in progress, or failed. */
function Outcome({ sentTitle, sentText, done, error }: { sentTitle: string; sentText: string; done: boolean; error: unknown }) {
  if (done) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />} title={sentTitle}>
        {sentText}
      </Alert>
    );
  }
  if (isApiError(error) && error.code === 'data_export_in_progress') {
    return (
      <Alert color="yellow" variant="light" icon={<IconHourglass size={20} aria-hidden="true" />}>
        {DATA_EXPORT_MESSAGES.inProgress}
      </Alert>
    );
  }
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
      {genericErrorText(error)}
    </Alert>
  );
}

/**
 * "Télécharger mes données" (issue 28 §1), for a customer, a staff member or an agency acting for
 * a customer: a button that asks for the export, then what happens next. The ZIP is made in the
 * background and its link mailed; the screen never waits for it.
 */
export function DataExportCard({ titleId, title, text, buttonLabel, sentTitle, sentText, request }: DataExportCardProps) {
  const ask = useMutation({ mutationFn: request });
  return (
    <Card shadow="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconDownload size={28} aria-hidden="true" style={{ flex: 'none' }} />
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </Group>
        <div role="status" aria-live="polite">
          <Outcome sentTitle={sentTitle} sentText={sentText} done={ask.isSuccess} error={ask.error} />
        </div>
        {ask.isSuccess ? null : (
          <Group>
            <Button variant="light" loading={ask.isPending} onClick={() => ask.mutate()}>
              {buttonLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
