import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconHelpCircle, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AgencyContract } from '../../../api/extranet/contracts';
import { type AgencyContractInvoice, useContractInvoices } from '../../../api/extranet/invoices';
import { useDownload } from '../../../api/use-download';
import { useAmountTTC } from '../../../components/Amount';
import { DocumentList, DocumentRow } from '../../../components/DocumentRow';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatExtranetDate } from '../../../lib/format';
import { useOpenContact } from '../kit/contact-context';
import { classifyInvoices, type InvoiceClass } from '../kit/invoice-classes';
import { useInvoicePayment } from '../kit/use-invoice-payment';

const GROUP_COLORS: Record<InvoiceClass, string> = { toBePaid: 'orange', paid: 'teal', creditNote: 'ocean', unknown: 'gray' };

/** The invoice tab (spec 03 §2, §4): pending payment, paid, unknown status; pay online. */
export function InvoicesTab({ contract }: { contract: AgencyContract }) {
  const { t } = useTranslation();
  const invoices = useContractInvoices(contract.id);
  const openContact = useOpenContact();
  const payment = useInvoicePayment();

  const header = (
    <div>
      <Title order={2} size="h4">
        {t('extranet.invoices.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('extranet.invoices.subtitle')}
      </Text>
    </div>
  );

  if (invoices.isPending)
    return (
      <Stack gap="md">
        {header}
        <ListSkeleton />
      </Stack>
    );
  if (invoices.isError)
    return (
      <Stack gap="md">
        {header}
        <Card shadow="xs">
          <LoadError message={t('errors.loadInvoices')} onRetry={invoices.refetch} />
        </Card>
      </Stack>
    );

  const groups = classifyInvoices(invoices.data);
  const total = groups.toBePaid.length + groups.paid.length + groups.creditNote.length + groups.unknown.length;

  const section = (id: InvoiceClass, extra?: ReactNode) =>
    groups[id].length === 0 ? null : (
      <section aria-labelledby={`invoices-${id}`}>
        <Group gap={8} mb="sm">
          <Title order={3} size="h5" id={`invoices-${id}`}>
            {t(`extranet.invoices.groups.${id}`)}
          </Title>
          <Badge color={GROUP_COLORS[id]} variant="light" circle>
            {groups[id].length}
          </Badge>
        </Group>
        {extra}
        <DocumentList>
          {groups[id].map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} group={id} payment={payment} />
          ))}
        </DocumentList>
      </section>
    );

  return (
    <Stack gap="xl">
      {header}
      {total === 0 ? (
        <Card shadow="xs">
          <EmptyBlock
            icon={<IconReceipt size={28} />}
            title={t('extranet.invoices.emptyTitle')}
            text={t('extranet.invoices.empty')}
          />
        </Card>
      ) : (
        <>
          {section('toBePaid')}
          {section('paid')}
          {section('creditNote')}
          {section(
            'unknown',
            <Paper bg="gray.0" p="sm" radius="md" mb="sm">
              <Group justify="space-between" gap="sm">
                <Text size="sm" style={{ flex: 1, minWidth: 220 }}>
                  {t('extranet.invoices.unknownHint')}
                </Text>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconHelpCircle size={16} />}
                  onClick={() => openContact({ source: 'extranet_invoices_tab', agencyContractId: contract.id })}
                >
                  {t('extranet.agency.contact')}
                </Button>
              </Group>
            </Paper>,
          )}
        </>
      )}
    </Stack>
  );
}

function InvoiceRow({
  invoice,
  group,
  payment,
}: {
  invoice: AgencyContractInvoice;
  group: InvoiceClass;
  payment: ReturnType<typeof useInvoicePayment>;
}) {
  const { t } = useTranslation();
  const amountTTC = useAmountTTC();
  const downloads = useDownload(t('errors.documentNotFound'));
  const creditNote = group === 'creditNote';
  const name = t(creditNote ? 'extranet.invoices.creditNote' : 'extranet.todo.invoice', { number: invoice.number });
  const path = `/agency-contract-invoices/${invoice.id}/file`;
  const error = payment.errorOf(invoice.id);
  const paidOn =
    invoice.paymentDate && !invoice.isPaidLocally
      ? t('extranet.invoices.paidOn', { date: formatExtranetDate(invoice.paymentDate) })
      : null;

  return (
    <DocumentRow
      title={name}
      icon={<IconReceipt size={20} />}
      iconColor={GROUP_COLORS[group]}
      meta={
        <>
          <Text span fw={700} c="dark" size="sm">
            {/* A credit note's amount is what the customer is owed: said without its minus sign. */}
            {amountTTC(creditNote ? -invoice.amountIncludingTax : invoice.amountIncludingTax)}
          </Text>
          {` · ${t(creditNote ? 'extranet.invoices.creditNoteIssued' : 'extranet.invoices.issued', { date: formatExtranetDate(invoice.issueDate) })}`}
        </>
      }
      download={{
        onClick: () => void downloads.download(path, `${invoice.number}.pdf`),
        loading: downloads.isDownloading(path),
        label: t('extranet.downloadNamed', { name }),
      }}
      actions={
        group === 'toBePaid' ? (
          <Button
            size="sm"
            color="teal"
            leftSection={<IconCreditCard size={18} />}
            aria-label={t('extranet.invoices.payNamed', { number: invoice.number })}
            loading={payment.payingId === invoice.id}
            onClick={() => void payment.pay(invoice.id)}
          >
            {t('extranet.invoices.pay')}
          </Button>
        ) : null
      }
    >
      {group === 'toBePaid' ? (
        <Text size="sm" mt={4}>
          {t('extranet.invoices.leftToPay', { amount: amountTTC(invoice.leftToPayIncludingTax) })}
        </Text>
      ) : null}
      {group === 'paid' ? (
        <Group gap={8} mt={6}>
          {invoice.isPaidLocally ? (
            <Badge color="ocean" variant="light">
              {t('extranet.invoices.pendingValidation')}
            </Badge>
          ) : (
            <Badge color="teal" variant="light">
              {t('extranet.invoices.paid')}
            </Badge>
          )}
          {paidOn ? (
            <Text size="sm" c="dimmed">
              {paidOn}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" fw={500} mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </DocumentRow>
  );
}
