import { Alert, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PHONE_MESSAGES } from '@reseau/contracts/constants/extranet';
import { changePhonesBody, openContractEmailChangeBody } from '@reseau/contracts/schemas/extranet';
import { IconCircleCheck, IconMail, IconMailForward, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { type AgencyContract, useChangeContractEmail, useChangeContractPhones } from '../../../api/extranet/contracts';
import { FormCard } from '../../../components/FormCard';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

// The bodies of the two calls (POST /agency-contracts/{id}:…): what the server checks, checked first here.
const validateEmail = schemaResolver(openContractEmailChangeBody, { sync: true });
const validatePhones = schemaResolver(changePhonesBody, { sync: true });

/** The contact-info tab (spec 03 §2, §4): the contract's email and phones. */
export function ContactInfoTab({
  contract,
  emailModified,
  onDismissEmailModified,
}: {
  contract: AgencyContract;
  emailModified: boolean;
  onDismissEmailModified: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {emailModified ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={22} />}
          title={t('extranet.contactInfo.emailModifiedTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={onDismissEmailModified}
          role="status"
        >
          {t('extranet.contactInfo.emailModified')}
        </Alert>
      ) : null}
      <div>
        <Title order={2} size="h4">
          {t('extranet.contactInfo.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('extranet.contactInfo.subtitle')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ContractEmailForm contract={contract} />
        <ContractPhonesForm contract={contract} />
      </SimpleGrid>
    </Stack>
  );
}

function ContractEmailForm({ contract }: { contract: AgencyContract }) {
  const { t } = useTranslation();
  const change = useChangeContractEmail(contract.id);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { emailAddress: contract.emailAddress ?? '' },
    ...VALIDATE_WHEN_CHANGED,
    validate: validateEmail,
  });

  const save = useFormAction({
    action: (emailAddress: string) =>
      change.mutateAsync({ emailAddress, redirectUrl: `/extranet/contract/${contract.id}?tab=contact_info` }),
    form,
    fallback: t('extranet.contactInfo.errors.email'),
    unmappedField: 'emailAddress',
    handleError: (error) => {
      if (error.code !== 'same_email') return false;
      form.setFieldError('emailAddress', t('extranet.contactInfo.sameEmail'));
      return true;
    },
    onSuccess: (outcome, email) => {
      if (outcome === 'changed') notifySuccess(t('extranet.contactInfo.emailChanged'));
      else {
        setSentTo(email);
        notifySuccess(t('extranet.contactInfo.verificationSent', { email }));
      }
    },
  });

  function submit({ emailAddress }: { emailAddress: string }) {
    setSentTo(null);
    return save.submit(emailAddress.trim());
  }

  return (
    <FormCard icon={IconMail} title={t('extranet.contactInfo.emailTitle')} level={3} onSubmit={form.onSubmit(submit)}>
      <Text size="sm" c="dimmed">
        {t('extranet.contactInfo.emailHint')}
      </Text>
      <TextInput
        label={t('extranet.contactInfo.email')}
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('emailAddress')}
      />
      {sentTo ? (
        <Alert color="ocean" variant="light" icon={<IconMailForward size={20} />} role="status">
          {t('extranet.contactInfo.verificationSent', { email: sentTo })}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <SubmitButton form={form} submitting={save.submitting}>
          {t('extranet.contactInfo.saveEmail')}
        </SubmitButton>
      </Group>
    </FormCard>
  );
}

interface PhoneValues {
  mobilePhoneNumber: string;
  landlinePhoneNumber: string;
}

function ContractPhonesForm({ contract }: { contract: AgencyContract }) {
  const { t } = useTranslation();
  const change = useChangeContractPhones(contract.id);
  const form = useForm<PhoneValues>({
    mode: 'controlled',
    initialValues: {
      mobilePhoneNumber: contract.mobilePhoneNumber ?? '',
      landlinePhoneNumber: contract.landlinePhoneNumber ?? '',
    },
    ...VALIDATE_WHEN_CHANGED,
    validate: validatePhones,
    // One number typed: the other field's "at least one number" no longer applies.
    onValuesChange: (values) => {
      if (!values.mobilePhoneNumber.trim() && !values.landlinePhoneNumber.trim()) return;
      for (const field of ['mobilePhoneNumber', 'landlinePhoneNumber'] as const)
        if (form.errors[field] === PHONE_MESSAGES.atLeastOne) form.clearFieldError(field);
    },
  });

  const save = useFormAction({
    action: (values: PhoneValues) =>
      change.mutateAsync({
        mobilePhoneNumber: values.mobilePhoneNumber.trim() || null,
        landlinePhoneNumber: values.landlinePhoneNumber.trim() || null,
      }),
    form,
    fallback: t('extranet.contactInfo.errors.phones'),
    onSuccess: () => notifySuccess(t('extranet.contactInfo.phonesChanged')),
  });

  return (
    <FormCard icon={IconPhone} title={t('extranet.contactInfo.phonesTitle')} level={3} onSubmit={form.onSubmit(save.submit)}>
      <Text size="sm" c="dimmed">
        {t('extranet.contactInfo.phonesHint')}
      </Text>
      <TextInput
        label={t('extranet.contactInfo.mobile')}
        type="tel"
        autoComplete="tel-national"
        placeholder="06 12 34 56 78"
        {...form.getInputProps('mobilePhoneNumber')}
      />
      <TextInput
        label={t('extranet.contactInfo.landline')}
        type="tel"
        autoComplete="tel-national"
        placeholder="03 20 12 34 56"
        {...form.getInputProps('landlinePhoneNumber')}
      />
      <Group justify="flex-end">
        <SubmitButton form={form} submitting={save.submitting}>
          {t('extranet.contactInfo.savePhones')}
        </SubmitButton>
      </Group>
    </FormCard>
  );
}
