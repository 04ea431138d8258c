import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconHourglassEmpty, IconMailCheck, IconRefresh } from '@tabler/icons-react';
import { type BackgroundJobItem, type MailQueueItem, useMailQueue, useRetryJob, useRetryMail } from '../../../api/mail-queue';
import type { Column } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from '../../../i18n';
import { clientPages } from '../../../lib/client-pages';
import { formatCount, formatDateTime } from '../../../lib/format';

/** The server answers at most 100 failures: one page. */
const FAILURES_PAGE_SIZE = 100;

type Translate = ReturnType<typeof useTranslation>['t'];
type Tried = Pick<MailQueueItem, 'state' | 'attempts' | 'error' | 'nextAttemptAt'>;

/** The columns a failing mail and a failing job share: where it stands, its tries, why, and when next. */
function failureColumns<T extends Tried>(t: Translate): Column<T>[] {
  return [
    {
      key: 'state',
      header: t('mailQueue.state'),
      nowrap: true,
      cell: (m) => (
        <Badge color={m.state === 'dead' ? 'red' : 'orange'} variant="light">
          {m.state === 'dead' ? t('mailQueue.deadState') : t('mailQueue.willRetry')}
        </Badge>
      ),
    },
    { key: 'attempts', header: t('mailQueue.attempts'), align: 'right', cell: (m) => formatCount(m.attempts) },
    { key: 'error', header: t('mailQueue.error'), cell: (m) => <Text size="sm">{m.error ?? ''}</Text> },
    {
      key: 'next',
      header: t('mailQueue.nextAttempt'),
      nowrap: true,
      cell: (m) => (m.state === 'dead' || !m.nextAttemptAt ? '' : formatDateTime(m.nextAttemptAt)),
    },
  ];
}

const useJobKind = () => {
  const { t } = useTranslation();
  return (j: BackgroundJobItem) => t(`mailQueue.jobKinds.${j.kind}`, { defaultValue: j.kind });
};

/**
 * `/intranet/mail-queue` (issue 31 §3, role 1): whether the platform's mails go out — the queue's
 * counts, then each failing mail with the mail server's reason, its tries and its next one; a
 * mail in final failure can be sent again. So that a failing SMTP is seen before customers say so.
 * Below, the deferred jobs that fail (forgotten-password requests, an import's mails), retried alike,
 * then those waiting for their first try.
 */
export function MailQueuePage() {
  const { t } = useTranslation();
  const queue = useMailQueue();
  const retry = useRetryMail();
  const counts = queue.data
    ? [
        { key: 'pending', value: queue.data.counts.pending },
        { key: 'sending', value: queue.data.counts.sending },
        { key: 'sent', value: queue.data.counts.sent },
        { key: 'dead', value: queue.data.counts.dead, alert: queue.data.counts.dead > 0 },
        { key: 'jobsPending', value: queue.data.jobs.pending },
        { key: 'jobsDead', value: queue.data.jobs.dead, alert: queue.data.jobs.dead > 0 },
      ]
    : [];

  const columns: Column<MailQueueItem>[] = [
    { key: 'to', header: t('mailQueue.to'), cell: (m) => <Text style={{ overflowWrap: 'anywhere' }}>{m.to}</Text> },
    { key: 'subject', header: t('mailQueue.subject'), cell: (m) => m.subject },
    ...failureColumns<MailQueueItem>(t),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        {/* The text takes the line beside the button; below 20rem, the button goes under it. */}
        <div style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('menu.mailQueue')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('mailQueue.intro')}
          </Text>
        </div>
        {/* The page reads the queue again every 30 s; after fixing the SMTP, the operator need not wait. */}
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          loading={queue.isFetching}
          onClick={() => void queue.refetch()}
        >
          {t('mailQueue.refresh')}
        </Button>
      </Group>
      {queue.data ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" role="list" aria-label={t('mailQueue.countsLabel')}>
          {counts.map((count) => (
            <Paper key={count.key} withBorder p="sm" radius="md" role="listitem">
              <Text size="xl" fw={700} c={count.alert ? 'red.8' : undefined}>
                {formatCount(count.value)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`mailQueue.${count.key}`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <Title order={2} size="h4">
        {t('mailQueue.failuresTitle')}
      </Title>
      <PagedTable
        label={t('mailQueue.listLabel')}
        query={clientPages(queue, queue.data?.failures, 1, FAILURES_PAGE_SIZE)}
        pageNumber={1}
        onPageChange={() => {}}
        columns={columns}
        rowKey={(m) => m.id}
        minWidth={820}
        empty={<EmptyBlock icon={<IconMailCheck size={28} />} title={t('mailQueue.empty')} text={t('mailQueue.emptyText')} />}
        rowActions={(m) =>
          m.state === 'dead' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              aria-label={t('mailQueue.retryOf', { to: m.to })}
              loading={retry.isPending && retry.variables === m.id}
              onClick={() => retry.mutate(m.id)}
            >
              {t('mailQueue.retry')}
            </Button>
          ) : null
        }
      />
      <FailingJobs queue={queue} />
      <WaitingJobs queue={queue} />
    </Stack>
  );
}

/** The deferred jobs that fail (forgotten-password requests, an import's mails): a dead one is relaunched. */
function FailingJobs({ queue }: { queue: ReturnType<typeof useMailQueue> }) {
  const { t } = useTranslation();
  const retryJob = useRetryJob();
  const kindOf = useJobKind();
  const jobColumns: Column<BackgroundJobItem>[] = [
    { key: 'kind', header: t('mailQueue.jobKind'), cell: kindOf },
    ...failureColumns<BackgroundJobItem>(t),
  ];

  return (
    <>
      <div>
        <Title order={2} size="h4">
          {t('mailQueue.jobsTitle')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('mailQueue.jobsIntro')}
        </Text>
      </div>
      <PagedTable
        label={t('mailQueue.jobsListLabel')}
        query={clientPages(queue, queue.data?.jobFailures, 1, FAILURES_PAGE_SIZE)}
        pageNumber={1}
        onPageChange={() => {}}
        columns={jobColumns}
        rowKey={(j) => j.id}
        minWidth={720}
        empty={
          <EmptyBlock icon={<IconChecklist size={28} />} title={t('mailQueue.jobsEmpty')} text={t('mailQueue.jobsEmptyText')} />
        }
        rowActions={(j) =>
          j.state === 'dead' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              aria-label={t('mailQueue.jobRetryOf', { id: j.id, kind: kindOf(j) })}
              loading={retryJob.isPending && retryJob.variables === j.id}
              onClick={() => retryJob.mutate(j.id)}
            >
              {t('mailQueue.retry')}
            </Button>
          ) : null
        }
      />
    </>
  );
}

/** The jobs not tried yet, oldest first: a queue that stopped draining shows how long they wait. */
function WaitingJobs({ queue }: { queue: ReturnType<typeof useMailQueue> }) {
  const { t } = useTranslation();
  const kindOf = useJobKind();
  const columns: Column<BackgroundJobItem>[] = [
    { key: 'kind', header: t('mailQueue.jobKind'), cell: kindOf },
    {
      key: 'state',
      header: t('mailQueue.state'),
      nowrap: true,
      cell: () => (
        <Badge color="blue" variant="light">
          {t('mailQueue.waitingState')}
        </Badge>
      ),
    },
    { key: 'created', header: t('mailQueue.createdAt'), nowrap: true, cell: (j) => formatDateTime(j.createdAt) },
    {
      key: 'next',
      header: t('mailQueue.nextAttempt'),
      nowrap: true,
      cell: (j) => (j.nextAttemptAt ? formatDateTime(j.nextAttemptAt) : ''),
    },
  ];
  return (
    <>
      <div>
        <Title order={2} size="h4">
          {t('mailQueue.waitingTitle')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('mailQueue.waitingIntro')}
        </Text>
      </div>
      <PagedTable
        label={t('mailQueue.waitingListLabel')}
        query={clientPages(queue, queue.data?.waitingJobs, 1, FAILURES_PAGE_SIZE)}
        pageNumber={1}
        onPageChange={() => {}}
        columns={columns}
        rowKey={(j) => j.id}
        minWidth={620}
        empty={
          <EmptyBlock
            icon={<IconHourglassEmpty size={28} />}
            title={t('mailQueue.waitingEmpty')}
            text={t('mailQueue.waitingEmptyText')}
          />
        }
      />
    </>
  );
}
