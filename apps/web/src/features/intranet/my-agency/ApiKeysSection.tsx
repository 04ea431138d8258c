import { ActionIcon, Alert, Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AGENCY_API_KEY_HEADER } from '@reseau/contracts/constants/agency-api-keys';
import { type AgencyApiKeyBody, agencyApiKeyBody } from '@reseau/contracts/schemas/agency-api-keys';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type AgencyApiKey, createAgencyApiKey, revokeAgencyApiKey, useAgencyApiKeys } from '../../../api/agency-api-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { Tooltip } from '../../../components/overlays';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import classes from './ApiKeysSection.module.css';

const validate = schemaResolver(agencyApiKeyBody, { sync: true });

/**
 * "Connexion à votre logiciel" (issue 11): the keys with which the agency's management software
 * sends its customers, contracts and documents. A new key is shown once, here, with a copy button.
 */
export function ApiKeysSection({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const keys = useAgencyApiKeys(agencyId);
  const [shown, setShown] = useState<{ label: string; apiKey: string } | null>(null);
  const [revoking, setRevoking] = useState<AgencyApiKey | null>(null);

  const form = useForm<AgencyApiKeyBody>({
    mode: 'controlled',
    initialValues: { label: '' },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const create = useFormAction({
    action: (values: AgencyApiKeyBody) => createAgencyApiKey(agencyId, values),
    form,
    fallback: t('myAgency.apiKeys.errors.create'),
    // The limit of live keys: the server's sentence says what to do (revoke one first).
    handleError: (error) => {
      if (error.code !== 'conflict') return false;
      notifyError(error.message);
      return true;
    },
    onSuccess: (created, values) => {
      setShown({ label: values.label.trim(), apiKey: created.apiKey });
      form.reset();
    },
  });
  const revoke = useMutation({
    mutationFn: (key: AgencyApiKey) => revokeAgencyApiKey(key.id),
    onSuccess: () => notifySuccess(t('myAgency.apiKeys.revoked')),
    onError: () => notifyError(t('myAgency.apiKeys.errors.revoke')),
    onSettled: () => setRevoking(null),
  });

  return (
    <Card shadow="xs" component="section" aria-label={t('myAgency.apiKeys.title')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('myAgency.apiKeys.title')}
        </Title>
        <Text size="sm">{t('myAgency.apiKeys.intro', { header: AGENCY_API_KEY_HEADER })}</Text>
        {shown ? (
          <Alert
            color="teal"
            icon={<IconKey size={18} aria-hidden="true" />}
            title={t('myAgency.apiKeys.createdTitle', { label: shown.label })}
          >
            <Stack gap="xs">
              <Text size="sm">{t('myAgency.apiKeys.createdText')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} aria-label={t('myAgency.apiKeys.keyLabel')}>
                  {shown.apiKey}
                </Code>
                <CopyButton value={shown.apiKey}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('myAgency.apiKeys.copied') : t('myAgency.apiKeys.copy')} withArrow>
                      <ActionIcon
                        variant="light"
                        onClick={copy}
                        aria-label={copied ? t('myAgency.apiKeys.copied') : t('myAgency.apiKeys.copy')}
                      >
                        {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Group justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setShown(null)}>
                  {t('myAgency.apiKeys.done')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {keys.isError ? (
          <LoadError message={t('myAgency.apiKeys.errors.load')} onRetry={() => void keys.refetch()} />
        ) : !keys.data ? (
          <Skeleton height={80} aria-label={t('myAgency.apiKeys.loading')} />
        ) : keys.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('myAgency.apiKeys.empty')}
          </Text>
        ) : (
          // A list rather than a table: at 390 px a table would hide the revoke button in a scroll.
          <Stack component="ul" gap={0} aria-label={t('myAgency.apiKeys.listLabel')} className={classes.list}>
            {keys.data.map((key) => (
              <Group component="li" key={key.id} justify="space-between" align="center" gap="sm" className={classes.item}>
                <div>
                  <Text fw={600}>{key.label}</Text>
                  <Text size="sm" c="dimmed">
                    {key.createdBy
                      ? t('myAgency.apiKeys.createdBy', { date: formatDateTime(key.createdAt), name: key.createdBy })
                      : t('myAgency.apiKeys.created', { date: formatDateTime(key.createdAt) })}
                    {' · '}
                    {key.lastUsedAt
                      ? t('myAgency.apiKeys.lastUsed', { date: formatDateTime(key.lastUsedAt) })
                      : t('myAgency.apiKeys.neverUsed')}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden="true" />}
                  onClick={() => setRevoking(key)}
                  aria-label={t('myAgency.apiKeys.revokeNamed', { label: key.label })}
                >
                  {t('myAgency.apiKeys.revoke')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={form.onSubmit(create.submit)} noValidate aria-label={t('myAgency.apiKeys.formLabel')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('myAgency.apiKeys.labelField')}
              description={t('myAgency.apiKeys.labelHelp')}
              required
              style={{ flex: '1 1 260px' }}
              {...form.getInputProps('label')}
            />
            <SubmitButton form={form} submitting={create.submitting} mt={{ base: 0, sm: 44 }}>
              {t('myAgency.apiKeys.create')}
            </SubmitButton>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('myAgency.apiKeys.revokeTitle')}
        confirmLabel={t('myAgency.apiKeys.revoke')}
        color="red"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        <Text size="sm">{t('myAgency.apiKeys.revokeText', { label: revoking?.label ?? '' })}</Text>
      </ConfirmDialog>
    </Card>
  );
}
