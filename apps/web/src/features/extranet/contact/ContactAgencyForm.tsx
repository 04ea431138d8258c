import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { EXTRANET_CONTACT_AVAILABILITIES, EXTRANET_CONTACT_MESSAGE_MAX } from '@reseau/contracts/constants/extranet';
import type { AgencyDetail } from '@reseau/contracts/schemas/agencies';
import { type ExtranetAgencyContactForm, extranetAgencyContactForm } from '@reseau/contracts/schemas/extranet';
import { IconPhone, IconSend } from '@tabler/icons-react';
import { useEffect } from 'react';
import { sendAgencyContact, useContactSubjects } from '../../../api/extranet/contacts';
import { type AgencyContract, useMyContracts } from '../../../api/extranet/contracts';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { emergencyPhone, telHref } from '../kit/agency-phones';
import { type ContactRequest, DEFAULT_CONTACT } from '../kit/contact-context';

// The contract's form: every field required and one availability at least (spec 03 §5).
const validate = schemaResolver(extranetAgencyContactForm, { sync: true });

export function contractLabel(contract: AgencyContract): string {
  return `${contract.equipmentType ?? contract.reference} – ${contract.route}, ${contract.locality} (${contract.reference})`;
}

export interface ContactAgencyFormProps {
  agency: AgencyDetail | undefined;
  /** The contracts offered: those of the current agency, or all when none is chosen. */
  agencyId: number | null;
  opened: boolean;
  request: ContactRequest;
  onSent: () => void;
}

/**
 * "Contacter mon agence" (spec 03 §2, §5): contract, subject, message and availabilities, all
 * required; sent to POST /extranet-agency-contacts with where it was opened from.
 */
export function ContactAgencyForm({ agency, agencyId, opened, request, onSent }: ContactAgencyFormProps) {
  const { t } = useTranslation();
  const contracts = useMyContracts(agencyId, opened);
  const subjects = useContactSubjects(opened);
  // A breakdown is urgent: the agency's emergency line, when it has one, not its reception.
  const urgentPhone = emergencyPhone(agency?.infos.phones);

  const onlyContract = contracts.data?.length === 1 ? contracts.data[0] : undefined;
  const form = useForm<ExtranetAgencyContactForm>({
    mode: 'controlled',
    initialValues: {
      agencyContractId: request.agencyContractId ? String(request.agencyContractId) : '',
      extranetAgencyContactSubjectId: String(request.subjectId ?? DEFAULT_CONTACT.subjectId),
      message: '',
      availability: [],
    },
    validate,
    // The message's cap says so as soon as it is passed, beside the counter (issue 25).
    validateInputOnChange: ['message'],
  });
  // The only contract is chosen for the customer once the list arrives.
  const { setFieldValue } = form;
  const noContractChosen = !form.values.agencyContractId;
  useEffect(() => {
    if (onlyContract && noContractChosen) setFieldValue('agencyContractId', String(onlyContract.id));
  }, [onlyContract, noContractChosen, setFieldValue]);

  const send = useContactAgencySubmit(form, request, onSent);

  const loading = contracts.isPending || subjects.isPending;

  return (
    <form onSubmit={form.onSubmit(send.submit, () => notifyError(t('extranet.contact.invalid')))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('extranet.contact.intro')}
        </Text>
        {urgentPhone ? <UrgentPhone phone={urgentPhone.phone} /> : null}

        {loading ? (
          <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={60} />
            <Skeleton height={60} />
            <Skeleton height={120} />
          </Stack>
        ) : contracts.isError || subjects.isError ? (
          <LoadError
            variant="alert"
            message={t('extranet.contact.loadError')}
            onRetry={() => Promise.all([contracts.isError && contracts.refetch(), subjects.isError && subjects.refetch()])}
          />
        ) : contracts.data.length === 0 ? (
          <Alert color="ocean" variant="light">
            {t('extranet.contact.noContract')}
          </Alert>
        ) : (
          <>
            <NativeSelect
              label={t('extranet.contact.contract')}
              required
              data={[
                { value: '', label: t('extranet.contact.chooseContract'), disabled: true },
                ...contracts.data.map((c) => ({ value: String(c.id), label: contractLabel(c) })),
              ]}
              {...form.getInputProps('agencyContractId')}
            />
            <NativeSelect
              label={t('extranet.contact.subject')}
              required
              data={[
                { value: '', label: t('extranet.contact.chooseSubject'), disabled: true },
                ...subjects.data.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              {...form.getInputProps('extranetAgencyContactSubjectId')}
            />
            <Textarea
              label={t('extranet.contact.message')}
              placeholder={t('extranet.contact.messagePlaceholder')}
              // A counter rather than the browser's maxLength, which cut a paste without a word.
              description={t('extranet.contact.messageHint', {
                count: form.values.message.length,
                max: EXTRANET_CONTACT_MESSAGE_MAX,
              })}
              required
              autosize
              minRows={4}
              maxRows={10}
              {...form.getInputProps('message')}
            />
            <Checkbox.Group
              label={t('extranet.contact.availability')}
              description={t('extranet.contact.availabilityHint')}
              required
              {...form.getInputProps('availability')}
            >
              <Group gap="lg" mt={8}>
                {EXTRANET_CONTACT_AVAILABILITIES.map((a) => (
                  <Checkbox key={a.value} value={a.value} label={t(`extranet.contact.availabilities.${a.value}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={send.submitting} leftSection={<IconSend size={18} />}>
                {t('extranet.contact.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

/** Sends the form: the availabilities as the API's flags, where the form was opened from. */
function useContactAgencySubmit(form: UseFormReturnType<ExtranetAgencyContactForm>, request: ContactRequest, onSent: () => void) {
  const { t } = useTranslation();
  return useFormAction({
    action: (values: ExtranetAgencyContactForm) => {
      const flags = Object.fromEntries(
        EXTRANET_CONTACT_AVAILABILITIES.map((a) => [a.flag, values.availability.includes(a.value)]),
      ) as Record<(typeof EXTRANET_CONTACT_AVAILABILITIES)[number]['flag'], boolean>;
      return sendAgencyContact({
        agencyContractId: Number(values.agencyContractId),
        extranetAgencyContactSubjectId: Number(values.extranetAgencyContactSubjectId),
        source: request.source ?? DEFAULT_CONTACT.source,
        message: values.message.trim(),
        ...flags,
      });
    },
    // What the customer typed stays in the form; the server's fields are the form's.
    form,
    fallback: t('extranet.contact.errors.send'),
    validationNotice: t('extranet.contact.invalid'),
    onSuccess: () => {
      notifySuccess(t('extranet.contact.sent'));
      form.reset();
      onSent();
    },
  });
}

/** A breakdown is urgent: the agency's emergency line. */
function UrgentPhone({ phone }: { phone: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <IconPhone size={18} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm">
        {t('extranet.contact.urgent')}{' '}
        <Anchor href={telHref(phone)} fw={700}>
          {phone}
        </Anchor>
      </Text>
    </Group>
  );
}
