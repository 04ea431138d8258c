import { Badge, Group, Text } from '@mantine/core';
import { EXTRANET_CONTACT_AVAILABILITIES } from '@reseau/contracts/constants/extranet';
import type { ReactNode } from 'react';
import type { Contact } from '../../../api/contacts';
import { useTranslation } from '../../../i18n';
import { formatCents, formatDate } from '../../../lib/format';
import classes from './ContactCard.module.css';

const QUOTATION_STATES = ['accepted', 'signed', 'refused'];
const listOf = (values: string[] | undefined) => (values ?? []).join(', ');

/** What the contact's type carries (spec 02 §3 "Types and their data"), as label / value pairs. */
export function ContactDataFields({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation();
  const d = c.data;
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? t('contacts.card.none') : t(value ? 'contacts.card.yes' : 'contacts.card.no');
  const source = (value: string | undefined) =>
    value ? t(`contacts.sources.${value}`, { defaultValue: value }) : t('contacts.card.none');
  const rows: [string, ReactNode][] = [];
  let message: string | undefined;

  switch (c.type) {
    case 'SITE_CONTACT':
      message = d.message;
      rows.push([t('contacts.card.source'), source(d.source)], [t('contacts.card.newsletter'), yesNo(d.optInNewsletter)]);
      break;
    case 'SOLUTIONS_CONTACT':
      message = d.message;
      rows.push([t('contacts.card.optIn'), yesNo(d.optIn)]);
      break;
    case 'EXTRANET_AGENCY_CONTACT': {
      message = d.message;
      const available = EXTRANET_CONTACT_AVAILABILITIES.filter((a) => d[a.flag] === true);
      rows.push(
        [t('contacts.card.subject'), d.subject ?? t('contacts.card.none')],
        [t('contacts.card.source'), source(d.source)],
        [
          t('contacts.card.availability'),
          available.length === 0 ? (
            t('contacts.card.noAvailability')
          ) : (
            <Group key="availability" gap={4} component="span">
              {available.map((a) => (
                <Badge key={a.flag} size="sm" variant="light" color="gray" component="span">
                  {t(`contacts.card.availabilities.${a.flag}`)}
                </Badge>
              ))}
            </Group>
          ),
        ],
      );
      break;
    }
    case 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT':
    case 'AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT': {
      const state = d.quotationState && QUOTATION_STATES.includes(d.quotationState) ? d.quotationState : 'unknown';
      rows.push(
        [t('contacts.card.quotationNumber'), d.quotationNumber ?? t('contacts.card.none')],
        [t('contacts.card.amount'), formatCents(d.amountIncludingTax) || t('contacts.card.none')],
        [t('contacts.card.quotationState'), t(`contacts.card.quotationStates.${state}`)],
      );
      break;
    }
    case 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT':
    case 'FREE_INVOICE_PAYMENT_CONTACT':
      rows.push(
        [t('contacts.card.invoiceNumber'), d.invoiceNumber ?? t('contacts.card.none')],
        [t('contacts.card.amount'), formatCents(d.amountIncludingTax) || t('contacts.card.none')],
        [t('contacts.card.paymentDate'), formatDate(d.paymentDate) || t('contacts.card.none')],
      );
      break;
    case 'CLIENT_EMAIL_CHANGE_CONTACT':
      rows.push([t('contacts.card.newEmail'), d.emailAddress ?? t('contacts.card.none')]);
      break;
    case 'CLIENT_PHONES_CHANGE_CONTACT':
      rows.push(
        [t('contacts.card.mobile'), d.mobilePhoneNumber || t('contacts.card.none')],
        [t('contacts.card.landline'), d.landlinePhoneNumber || t('contacts.card.none')],
      );
      break;
    case 'CLIENT_ACCOUNT_ERASED_CONTACT':
      rows.push(
        [t('contacts.card.erasedContracts'), listOf(d.contractReferences) || t('contacts.card.none')],
        [t('contacts.card.erasedClientRefs'), listOf(d.clientReferences) || t('contacts.card.none')],
        [t('contacts.card.erasedAt'), formatDate(d.erasedAt) || t('contacts.card.none')],
      );
      break;
  }

  return (
    <>
      {message ? (
        <figure className={classes.message} aria-label={t('contacts.card.message')}>
          {message}
        </figure>
      ) : null}
      {rows.length > 0 ? (
        <dl className={classes.fields}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {d.refundDue ? (
        <Text size="sm" c="orange.9" fw={600}>
          {t('contacts.card.refundDue')}
        </Text>
      ) : null}
    </>
  );
}
