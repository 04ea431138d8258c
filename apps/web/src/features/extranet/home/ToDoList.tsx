import { ActionIcon, Button, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist, IconCreditCard, IconDownload, IconFileText, IconReceipt } from '@tabler/icons-react';
import { useRef } from 'react';
import { type ToDoItem, useToDoList } from '../../../api/extranet/dashboard';
import { useDownload } from '../../../api/use-download';
import { useAmountTTC } from '../../../components/Amount';
import { CollapsibleSection } from '../../../components/CollapsibleSection';
import { Hint } from '../../../components/Hint';
import { useTranslation } from '../../../i18n';
import { useInvoicePayment } from '../kit/use-invoice-payment';
import { useQuoteActions } from '../kit/use-quote-actions';
import classes from './Dashboard.module.css';
import { useHiddenBelow } from './use-hidden-below';

/**
 * The to-do list (spec 03 §2): quotes to accept or refuse and invoices to pay, each with its
 * document. Open by default, shown only when something is to do, 170 px high at most (on phones it
 * grows instead: an inner scroll there hid the pay button); what the box hides is counted below it.
 */
export function ToDoList({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const toDo = useToDoList(agencyId);
  const quotes = useQuoteActions();
  const payment = useInvoicePayment();
  const downloads = useDownload(t('errors.documentNotFound'));
  const amountTTC = useAmountTTC();
  const scrollBox = useRef<HTMLDivElement>(null);
  const hiddenBelow = useHiddenBelow(scrollBox, toDo.data?.length ?? 0);

  if (toDo.isPending) return <Skeleton height={76} radius="lg" aria-label={t('common.loading')} />;
  // A failed load shows its popover; an empty list shows nothing (spec 03 §2).
  if (toDo.isError || toDo.data.length === 0) return null;

  const item = (entry: ToDoItem) => {
    const isQuote = entry.type === 'quotation';
    const name = t(isQuote ? 'extranet.todo.quote' : 'extranet.todo.invoice', { number: entry.number });
    const filePath = `/files/${entry.fileId}`;
    const error = isQuote ? undefined : payment.errorOf(entry.id);
    const quoteRef = { ...entry, hasFile: true };
    return (
      <li key={`${entry.type}-${entry.id}`} className={classes.todoItem}>
        <ThemeIcon variant="light" color={isQuote ? 'ocean' : 'orange'} size={38} radius="md" className={classes.todoIcon}>
          {isQuote ? <IconFileText size={20} /> : <IconReceipt size={20} />}
        </ThemeIcon>
        <div className={classes.todoText}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {t(isQuote ? 'extranet.todo.quoteHint' : 'extranet.todo.invoiceHint', {
              amount: amountTTC(entry.amountIncludingTax),
            })}
          </Text>
          {error ? (
            <Text size="sm" c="red.8" fw={500} role="alert">
              {error}
            </Text>
          ) : null}
        </div>
        <Group gap={8} className={classes.todoActions}>
          <Hint label={t('extranet.download')}>
            <ActionIcon
              variant="light"
              color="gray"
              size={34}
              aria-label={t('extranet.downloadNamed', { name })}
              loading={downloads.isDownloading(filePath)}
              onClick={() => void downloads.download(filePath, `${entry.number}.pdf`)}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Hint>
          {isQuote ? (
            <>
              <Button
                size="xs"
                variant="default"
                aria-label={t('extranet.quotes.refuseNamed', { number: entry.number })}
                onClick={() => quotes.refuse(quoteRef)}
              >
                {t('extranet.quotes.refuse')}
              </Button>
              <Button
                size="xs"
                aria-label={t('extranet.quotes.signNamed', { number: entry.number })}
                loading={quotes.signingId === entry.id}
                onClick={() => quotes.accept(quoteRef)}
              >
                {t('extranet.quotes.sign')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              color="teal"
              leftSection={<IconCreditCard size={16} />}
              aria-label={t('extranet.invoices.payNamed', { number: entry.number })}
              loading={payment.payingId === entry.id}
              onClick={() => void payment.pay(entry.id)}
            >
              {t('extranet.invoices.pay')}
            </Button>
          )}
        </Group>
      </li>
    );
  };

  return (
    <CollapsibleSection
      title={t('extranet.todo.title')}
      subtitle={t('extranet.todo.subtitle')}
      icon={<IconChecklist size={22} />}
      color="orange"
      count={toDo.data.length}
      defaultOpened
    >
      <div className={classes.todoFrame}>
        <div className={classes.todoScroll} ref={scrollBox}>
          <ul className={classes.todoList}>{toDo.data.map(item)}</ul>
        </div>
        {/* Visual only: every item stays in the list for assistive technologies. */}
        {hiddenBelow > 0 ? (
          <div className={classes.todoMore} aria-hidden="true" data-testid="todo-more">
            <span>{t('extranet.todo.more', { count: hiddenBelow })}</span>
          </div>
        ) : null}
      </div>
      {quotes.dialog}
    </CollapsibleSection>
  );
}
