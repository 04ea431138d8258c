import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileText, IconHelpCircle, IconSignature } from '@tabler/icons-react';
import type { AgencyContract } from '../../../api/extranet/contracts';
import { type AgencyContractQuotation, useContractQuotations } from '../../../api/extranet/quotations';
import { useDownload } from '../../../api/use-download';
import { useAmountTTC } from '../../../components/Amount';
import { DocumentList, DocumentRow } from '../../../components/DocumentRow';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { formatExtranetDate } from '../../../lib/format';
import { useOpenContact } from '../kit/contact-context';
import { isListedInQuoteTab, type QuoteState, quoteState } from '../kit/quote-state';
import { useQuoteActions } from '../kit/use-quote-actions';

const STATE_COLORS: Record<QuoteState, string> = {
  awaiting: 'orange',
  signed: 'teal',
  refused: 'red',
  acceptedLocally: 'ocean',
  unknown: 'gray',
};

/** The quote tab (spec 03 §2, §4): the contract's quotes, their state, accept, refuse, download. */
export function QuotesTab({
  contract,
  signed,
  declined,
  onDismissSigned,
  onDismissDeclined,
}: {
  contract: AgencyContract;
  /** Back from the signature page: signed (`signed=true`) or refused there (`declined=true`). */
  signed: boolean;
  declined: boolean;
  onDismissSigned: () => void;
  onDismissDeclined: () => void;
}) {
  const { t } = useTranslation();
  const quotations = useContractQuotations(contract.id);
  const openContact = useOpenContact();
  const actions = useQuoteActions();
  const listed = quotations.data?.filter(isListedInQuoteTab) ?? [];

  return (
    <Stack gap="md">
      {signed ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={22} />}
          title={t('extranet.quotes.signedTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={onDismissSigned}
          role="status"
        >
          {t('extranet.quotes.signedText')}
        </Alert>
      ) : null}
      {declined ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconCircleX size={22} />}
          title={t('extranet.quotes.declinedTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={onDismissDeclined}
          role="status"
        >
          {t('extranet.quotes.declinedText')}
        </Alert>
      ) : null}

      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('extranet.quotes.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('extranet.quotes.subtitle')}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconHelpCircle size={18} />}
          onClick={() => openContact({ source: 'extranet_quotes_tab', agencyContractId: contract.id })}
        >
          {t('extranet.quotes.help')}
        </Button>
      </Group>

      {quotations.isPending ? (
        <ListSkeleton />
      ) : quotations.isError ? (
        <Card shadow="xs">
          <LoadError message={t('errors.loadQuotations')} onRetry={quotations.refetch} />
        </Card>
      ) : listed.length === 0 ? (
        <Card shadow="xs">
          <EmptyBlock
            icon={<IconFileText size={28} />}
            title={t('extranet.quotes.emptyTitle')}
            text={t('extranet.quotes.empty')}
          />
        </Card>
      ) : (
        <DocumentList label={t('extranet.quotes.title')}>
          {listed.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} actions={actions} />
          ))}
        </DocumentList>
      )}
      {actions.dialog}
    </Stack>
  );
}

function QuoteRow({ quote, actions }: { quote: AgencyContractQuotation; actions: ReturnType<typeof useQuoteActions> }) {
  const { t } = useTranslation();
  const amountTTC = useAmountTTC();
  const downloads = useDownload(t('errors.documentNotFound'));
  const state = quoteState(quote);
  const name = t('extranet.todo.quote', { number: quote.number });
  const filePath = `/agency-contract-quotations/${quote.id}/file`;
  const envelopePath = `/agency-contract-quotations/${quote.id}/envelope`;

  return (
    <DocumentRow
      title={name}
      meta={
        <>
          <Text span fw={700} c="dark" size="sm">
            {amountTTC(quote.amountIncludingTax)}
          </Text>
          {quote.issueDate ? ` · ${t('extranet.quotes.issued', { date: formatExtranetDate(quote.issueDate) })}` : null}
        </>
      }
      download={
        quote.hasFile
          ? {
              onClick: () => void downloads.download(filePath, `${quote.number}.pdf`),
              loading: downloads.isDownloading(filePath),
              label: t('extranet.downloadNamed', { name }),
            }
          : undefined
      }
      actions={
        state === 'awaiting' ? (
          <>
            <Button
              size="sm"
              variant="default"
              aria-label={t('extranet.quotes.refuseNamed', { number: quote.number })}
              onClick={() => actions.refuse(quote)}
            >
              {t('extranet.quotes.refuse')}
            </Button>
            <Button
              size="sm"
              leftSection={quote.hasFile ? <IconSignature size={18} /> : null}
              aria-label={t(quote.hasFile ? 'extranet.quotes.signNamed' : 'extranet.quotes.acceptNamed', {
                number: quote.number,
              })}
              loading={actions.signingId === quote.id}
              onClick={() => actions.accept(quote)}
            >
              {t(quote.hasFile ? 'extranet.quotes.sign' : 'extranet.quotes.accept')}
            </Button>
          </>
        ) : state === 'signed' && quote.envelopeFileId !== null ? (
          <Button
            size="sm"
            variant="light"
            color="teal"
            loading={downloads.isDownloading(envelopePath)}
            aria-label={t('extranet.quotes.downloadSignedNamed', { number: quote.number })}
            onClick={() => void downloads.download(envelopePath, `${quote.number}-signe.pdf`)}
          >
            {t('extranet.quotes.downloadSigned')}
          </Button>
        ) : null
      }
    >
      <Group gap={8} mt={6}>
        <Badge color={STATE_COLORS[state]} variant="light" size="md">
          {t(`extranet.quotes.states.${state}`)}
        </Badge>
      </Group>
      {state === 'unknown' ? (
        <Paper bg="gray.0" p="xs" mt={8} radius="sm">
          <Text size="sm" c="dimmed">
            {t('extranet.quotes.unknownNotice')}
          </Text>
        </Paper>
      ) : null}
      {state === 'awaiting' && !quote.hasFile ? (
        <Text size="xs" c="dimmed" mt={6}>
          {t('extranet.quotes.noFileHint')}
        </Text>
      ) : null}
    </DocumentRow>
  );
}
