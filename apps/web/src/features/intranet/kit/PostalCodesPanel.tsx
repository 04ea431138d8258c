import { Alert, Button, Card, FileButton, Flex, List, Stack, Text, Title } from '@mantine/core';
import { isPostalCodeCsvFile, POSTAL_CODE_CSV_MESSAGES } from '@reseau/contracts/constants/agencies';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { exportPostalCodes, importPostalCodes } from '../../../api/agency-postal-codes';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/**
 * The served postal codes of the current agency (spec 01 §2, §8 "zipcodes set"): export the set as
 * CSV, import a CSV that replaces it. A refused file lists each bad line with its number. Shown to
 * users with agency_postal_codes_administration, on my agency and on the prestations screen.
 */
/** A button whose label may take two lines in a narrow card (a phone with the side menu). */
const wrapping = { h: 'auto', py: 8, styles: { label: { whiteSpace: 'normal' as const } } };

export function PostalCodesPanel({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const allowed = useSession().permissions.includes('agency_postal_codes_administration');
  const [badLines, setBadLines] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => importPostalCodes(agencyId, file),
    onMutate: () => setBadLines([]),
    onSuccess: ({ postalCodes }) => notifySuccess(t('myAgency.postalCodes.imported', { count: postalCodes.length })),
    onError: (error) => {
      const lines = isApiError(error) ? error.errors.file : undefined;
      if (lines?.length) setBadLines(lines);
      else notifyError(t('myAgency.postalCodes.failed'));
    },
  });
  const download = useMutation({
    mutationFn: () => exportPostalCodes(agencyId),
    onError: () => notifyError(t('myAgency.postalCodes.failed')),
  });
  if (!allowed) return null;

  // A picture or a PDF is said not to be a CSV at once, with the server's words (issue 25).
  function choose(file: File) {
    if (isPostalCodeCsvFile(file)) upload.mutate(file);
    else setBadLines([POSTAL_CODE_CSV_MESSAGES.notCsv]);
  }

  return (
    <Card shadow="xs" component="section" aria-label={t('myAgency.postalCodes.title')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('myAgency.postalCodes.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myAgency.postalCodes.hint')}
        </Text>
        {/* A column on a phone: the two buttons at full width, their labels wrapping rather than cut. */}
        <Flex direction={{ base: 'column', sm: 'row' }} gap="sm">
          <FileButton onChange={(file) => file && choose(file)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button
                {...props}
                {...wrapping}
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                loading={upload.isPending}
              >
                {t('myAgency.postalCodes.import')}
              </Button>
            )}
          </FileButton>
          <Button
            {...wrapping}
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('myAgency.postalCodes.export')}
          </Button>
        </Flex>
        {badLines.length > 0 ? (
          <Alert color="red" role="alert" title={t('myAgency.postalCodes.refused')}>
            <List size="sm">
              {badLines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
