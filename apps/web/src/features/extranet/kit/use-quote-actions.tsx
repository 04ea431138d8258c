import { Text } from '@mantine/core';
import { useState } from 'react';
import {
  acceptQuotation,
  initializeSignature,
  refuseQuotation,
  useRefreshAfterQuoteDecision,
} from '../../../api/extranet/quotations';
import { useAmountTTC } from '../../../components/Amount';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { signatureReturnPath } from './quote-state';

/** What the actions need of a quote: a row of the quote tab or an item of the to-do list. */
export interface QuoteRef {
  id: number;
  number: string;
  amountIncludingTax: number;
  agencyContractId: number;
  hasFile: boolean;
}

const SIGNATURE_CODES = ['yousign_invalid_document', 'yousign_obsolete_pdf_version'];

/**
 * Accepting and refusing a quote (spec 03 §4): a quote with a file is accepted by electronic
 * signature (the browser goes to the provider's page), one without is accepted directly after a
 * confirmation; a refusal is confirmed, then the lists refresh.
 */
export function useQuoteActions() {
  const { t } = useTranslation();
  const amountTTC = useAmountTTC();
  const refresh = useRefreshAfterQuoteDecision();
  const [signingId, setSigningId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ quote: QuoteRef; decision: 'accept' | 'refuse' } | null>(null);
  const [deciding, setDeciding] = useState(false);

  async function sign(quote: QuoteRef) {
    setSigningId(quote.id);
    try {
      const signatureUrl = await initializeSignature(quote.id, signatureReturnPath(quote.agencyContractId));
      // The page is left for the provider's: the button keeps its progress until then.
      window.location.assign(signatureUrl);
    } catch (error) {
      if (isApiError(error) && SIGNATURE_CODES.includes(error.code)) notifyError(t(`extranet.quotes.errors.${error.code}`));
      notifyError(t('extranet.quotes.errors.validate'));
      setSigningId(null);
    }
  }

  function accept(quote: QuoteRef) {
    if (quote.hasFile) void sign(quote);
    else setConfirming({ quote, decision: 'accept' });
  }

  function refuse(quote: QuoteRef) {
    setConfirming({ quote, decision: 'refuse' });
  }

  async function confirm() {
    if (!confirming) return;
    const { quote, decision } = confirming;
    setDeciding(true);
    try {
      if (decision === 'accept') await acceptQuotation(quote.id);
      else await refuseQuotation(quote.id);
      notifySuccess(t(decision === 'accept' ? 'extranet.quotes.accepted' : 'extranet.quotes.refused', { number: quote.number }));
      setConfirming(null);
      await refresh();
    } catch {
      notifyError(t(decision === 'accept' ? 'extranet.quotes.errors.validate' : 'extranet.quotes.errors.refuse'));
    } finally {
      setDeciding(false);
    }
  }

  const quote = confirming?.quote;
  const refusing = confirming?.decision === 'refuse';
  const dialog = (
    <ConfirmDialog
      opened={confirming !== null}
      title={quote ? t(refusing ? 'extranet.quotes.refuseTitle' : 'extranet.quotes.acceptTitle', { number: quote.number }) : ''}
      confirmLabel={t(refusing ? 'extranet.quotes.refuseConfirm' : 'extranet.quotes.acceptConfirm')}
      color={refusing ? 'red' : undefined}
      loading={deciding}
      onConfirm={() => void confirm()}
      onClose={() => setConfirming(null)}
    >
      {quote ? (
        <Text>
          {t(refusing ? 'extranet.quotes.refuseText' : 'extranet.quotes.acceptText', {
            number: quote.number,
            amount: amountTTC(quote.amountIncludingTax),
          })}
        </Text>
      ) : null}
    </ConfirmDialog>
  );

  return { accept, refuse, signingId, dialog };
}
