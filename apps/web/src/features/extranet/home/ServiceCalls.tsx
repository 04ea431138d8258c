import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconDownload, IconMessageCircle, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type AgencyContractServiceCall, useServiceCalls, useToDoList } from '../../../api/extranet/dashboard';
import { useDownload } from '../../../api/use-download';
import { CollapsibleSection } from '../../../components/CollapsibleSection';
import { useTranslation } from '../../../i18n';
import { formatAppointmentTime, formatExtranetDate } from '../../../lib/format';
import { useOpenContact } from '../kit/contact-context';
import classes from './Dashboard.module.css';
import { currentStepIndex, type ServiceCallStepId, serviceCallSteps } from './service-call-steps';

/** Service-call tracking (spec 03 §2): closed by default, shown when the customer has service calls. */
export function ServiceCalls({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const calls = useServiceCalls(agencyId);
  const toDo = useToDoList(agencyId);
  const unpaid = new Set((toDo.data ?? []).filter((i) => i.type === 'invoice').map((i) => i.id));

  if (calls.isPending) return <Skeleton height={76} radius="lg" aria-label={t('common.loading')} />;
  if (calls.isError || calls.data.length === 0) return null;
  const inProgress = calls.data.filter((c) => !c.isFinished).length;

  return (
    <CollapsibleSection
      title={t('extranet.serviceCalls.title')}
      subtitle={t('extranet.serviceCalls.subtitle', { count: inProgress })}
      icon={<IconTool size={22} />}
      color="teal"
      count={calls.data.length}
      defaultOpened={false}
    >
      <Stack gap="md">
        {calls.data.map((call) => (
          <ServiceCallCard
            key={call.id}
            call={call}
            invoiceUnpaid={call.invoiceId !== null && unpaid.has(call.invoiceId)}
            // Paid once the to-do list has answered without it (until then, not ticked).
            invoicePaid={call.invoiceId !== null && toDo.isSuccess && !unpaid.has(call.invoiceId)}
          />
        ))}
      </Stack>
    </CollapsibleSection>
  );
}

function ServiceCallCard({
  call,
  invoiceUnpaid,
  invoicePaid,
}: {
  call: AgencyContractServiceCall;
  invoiceUnpaid: boolean;
  invoicePaid: boolean;
}) {
  const { t } = useTranslation();
  const openContact = useOpenContact();
  const title = t('extranet.serviceCalls.request', { date: formatExtranetDate(call.requestDate) });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.callCard}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <div>
          <Group gap={8}>
            <Text fw={700}>{title}</Text>
            <Badge color={call.isFinished ? 'teal' : 'orange'} variant="light">
              {t(call.isFinished ? 'extranet.serviceCalls.finished' : 'extranet.serviceCalls.inProgress')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {call.equipmentType ?? t('extranet.notSpecified')}
          </Text>
        </div>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconMessageCircle size={16} />}
          onClick={() => openContact({ source: 'extranet_service_calls', agencyContractId: call.agencyContractId })}
        >
          {t('extranet.serviceCalls.contact')}
        </Button>
      </Group>
      <ServiceCallTracker call={call} label={title} invoiceUnpaid={invoiceUnpaid} invoicePaid={invoicePaid} />
    </Paper>
  );
}

/** The five steps, as an ordered list: done steps carry a check, the current one `aria-current`. */
export function ServiceCallTracker({
  call,
  label,
  invoiceUnpaid,
  invoicePaid,
}: {
  call: AgencyContractServiceCall;
  label: string;
  invoiceUnpaid: boolean;
  invoicePaid: boolean;
}) {
  const { t } = useTranslation();
  const downloads = useDownload(t('errors.documentNotFound'));
  const steps = serviceCallSteps(call, invoicePaid);
  const current = currentStepIndex(steps);

  const detail = (id: ServiceCallStepId) => {
    switch (id) {
      case 'equipment':
        return (
          <>
            <Text size="sm">
              {[call.equipmentType, call.equipmentModel].filter(Boolean).join(' – ') || t('extranet.notSpecified')}
            </Text>
            <Text size="sm" c="dimmed">
              {`${call.route}, ${call.postalCode} ${call.locality}`}
            </Text>
          </>
        );
      case 'appointment':
        return (
          <Text size="sm" c={call.appointmentDate ? undefined : 'dimmed'}>
            {call.appointmentDate
              ? call.appointmentTime
                ? t('extranet.serviceCalls.appointmentAt', {
                    date: formatExtranetDate(call.appointmentDate),
                    time: formatAppointmentTime(call.appointmentTime),
                  })
                : t('extranet.serviceCalls.appointmentOn', { date: formatExtranetDate(call.appointmentDate) })
              : t('extranet.serviceCalls.appointmentPending')}
          </Text>
        );
      case 'report': {
        if (call.voucherId === null)
          return (
            <Text size="sm" c="dimmed">
              {t('extranet.serviceCalls.reportPending')}
            </Text>
          );
        const path = `/files/${call.voucherId}`;
        return (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            aria-label={t('extranet.serviceCalls.downloadReport')}
            loading={downloads.isDownloading(path)}
            onClick={() => void downloads.download(path, 'bon-intervention.pdf')}
          >
            {t('extranet.serviceCalls.report')}
          </Button>
        );
      }
      case 'payment':
        return call.invoiceId === null ? (
          <Text size="sm" c="dimmed">
            {t('extranet.serviceCalls.noInvoice')}
          </Text>
        ) : (
          <Anchor component={Link} to={`/extranet/contract/${call.agencyContractId}?tab=invoice`} size="sm" fw={600}>
            {t(invoiceUnpaid ? 'extranet.serviceCalls.payInvoice' : 'extranet.serviceCalls.seeInvoice')}
          </Anchor>
        );
      case 'processed':
        return (
          <Text size="sm" c={call.isFinished ? undefined : 'dimmed'}>
            {t(call.isFinished ? 'extranet.serviceCalls.processedDone' : 'extranet.serviceCalls.processedPending')}
          </Text>
        );
    }
  };

  return (
    <ol className={classes.tracker} aria-label={t('extranet.serviceCalls.trackerLabel', { request: label })}>
      {steps.map((step, index) => {
        const state = step.done ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li key={step.id} className={classes.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={classes.marker} aria-hidden="true">
              {step.done ? <IconCheck size={16} stroke={3} /> : index + 1}
            </span>
            <div className={classes.stepBody}>
              <Text fw={700} size="sm">
                {t(`extranet.serviceCalls.steps.${step.id}`)}
                <VisuallyHidden>{` (${t(`extranet.serviceCalls.states.${state}`)})`}</VisuallyHidden>
              </Text>
              {detail(step.id)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
