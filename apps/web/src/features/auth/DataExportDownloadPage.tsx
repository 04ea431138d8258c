import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { type Area, isLinkToken } from '@reseau/contracts/constants/auth';
import { DATA_EXPORT_MESSAGES } from '@reseau/contracts/constants/data-exports';
import { IconAlertCircle, IconCircleCheck, IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { downloadDataExport } from '../../api/data-exports';
import { withQueryClient } from '../../api/with-query-client';
import { useTranslation } from '../../i18n';
import '../../i18n/account';
import { isApiError } from '../../lib/api-error';
import { genericErrorText } from '../../lib/error-text';
import { AuthLayout } from './AuthLayout';

/** What the page says once the button was used: started, dead link, or another failure. */
function DownloadOutcome({ done, error }: { done: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (done) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />}>
        {t('dataExport.downloaded')}
      </Alert>
    );
  }
  if (!error) return null;
  const dead = isApiError(error) && error.status === 404;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
      {dead ? DATA_EXPORT_MESSAGES.linkInvalid : genericErrorText(error)}
    </Alert>
  );
}

/**
 * `/extranet/data-export?token=` and `/intranet/data-export?token=` (issue 28 §1): where the
 * "Vos données sont prêtes" mail leads, signed in or not (the token is the credential). Nothing is
 * downloaded on opening (a mail scanner may open links); the button fetches the ZIP
 * (GET /data-exports/{token}) and saves it under its name, and a dead link says so in French.
 */
function DataExportDownloadPage({ area }: { area: Area }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const download = useMutation({ mutationFn: (linkToken: string) => downloadDataExport(linkToken) });
  return (
    <AuthLayout area={area}>
      <Stack gap="md" align="flex-start">
        <IconFileZip size={44} color="var(--mantine-color-ocean-6)" aria-hidden="true" />
        <Title order={1} size="h2">
          {t('dataExport.pageTitle')}
        </Title>
        {isLinkToken(token) ? (
          <>
            <Text>{t(area === 'extranet' ? 'dataExport.pageTextExtranet' : 'dataExport.pageTextIntranet')}</Text>
            <div role="status" aria-live="polite" style={{ width: '100%' }}>
              <DownloadOutcome done={download.isSuccess} error={download.error} />
            </div>
            <Button loading={download.isPending} onClick={() => download.mutate(token)}>
              {t('dataExport.download')}
            </Button>
          </>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
            {DATA_EXPORT_MESSAGES.linkInvalid}
          </Alert>
        )}
        <Button component={Link} to={`/${area}`} variant="subtle" px={0}>
          {t(area === 'extranet' ? 'dataExport.backExtranet' : 'dataExport.backIntranet')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

const IntranetDataExport = () => <DataExportDownloadPage area="intranet" />;
const ExtranetDataExport = () => <DataExportDownloadPage area="extranet" />;
export const IntranetDataExportPage = withQueryClient(IntranetDataExport);
export const ExtranetDataExportPage = withQueryClient(ExtranetDataExport);
