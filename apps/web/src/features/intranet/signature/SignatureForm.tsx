import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  SIGNATURE_NAME_MAX,
  SIGNATURE_PDF_FILE_TYPE_ID,
  SIGNATURE_PDF_FILES_MAX,
  SIGNATURE_TITLE_MAX,
} from '@reseau/contracts/constants/signature-documents';
import { type SignatureDocumentForm, signatureDocumentForm } from '@reseau/contracts/schemas/signature-documents';
import { IconInfoCircle, IconSend, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { sendSignatureDocument } from '../../../api/signature';
import { FormCard } from '../../../components/FormCard';
import { HeldFilesField } from '../../../components/upload/HeldFilesField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(signatureDocumentForm, { sync: true });

const EMPTY: SignatureDocumentForm = {
  clientFirstName: '',
  clientLastName: '',
  clientEmailAddress: '',
  title: '',
  pdfFiles: [],
};

/** Codes whose own text the screen shows (spec 02 §8 "Signature send"). */
const OWN_TEXT_CODES = ['yousign_invalid_document', 'yousign_obsolete_pdf_version'];

/**
 * The submission form (spec 02 §5 "Signature form"): the signer's names (Latin letters and
 * spaces), email, a title and one or more PDFs (type 19). « Envoyer » shows only once every field
 * is valid. After any failed send the file list is emptied (spec 02 §4), the other fields stay.
 */
export function SignatureForm({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const form = useForm<SignatureDocumentForm>({ mode: 'controlled', initialValues: EMPTY, ...VALIDATE_WHEN_CHANGED, validate });

  const send = useFormAction({
    action: async (values: SignatureDocumentForm) => {
      try {
        return await sendSignatureDocument({ ...values, agencyId });
      } catch (error) {
        form.setFieldValue('pdfFiles', []);
        throw error;
      }
    },
    form,
    fallback: t('signature.sendErrors.generic'),
    handleError: (error) => {
      // The server's own text names the file it could not clean.
      if (error.code === 'file_sanitization_failed') notifyError(error.message);
      else if (OWN_TEXT_CODES.includes(error.code)) notifyError(t(`signature.sendErrors.${error.code}`));
      else return false;
      return true;
    },
    onSuccess: () => {
      notifySuccess(t('signature.success.sent'));
      form.reset();
      setNames(new Map());
    },
  });

  const held = form.values.pdfFiles.map((f) => ({ fileId: f.pdfFileId }));
  return (
    <FormCard icon={IconSignature} title={t('signature.form.heading')} level={2} onSubmit={form.onSubmit(send.submit)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('signature.form.clientFirstName')}
          required
          autoComplete="off"
          maxLength={SIGNATURE_NAME_MAX}
          {...form.getInputProps('clientFirstName')}
        />
        <TextInput
          label={t('signature.form.clientLastName')}
          required
          autoComplete="off"
          maxLength={SIGNATURE_NAME_MAX}
          {...form.getInputProps('clientLastName')}
        />
        <TextInput
          label={t('signature.form.clientEmailAddress')}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('clientEmailAddress')}
        />
        <TextInput
          label={t('signature.form.title')}
          placeholder={t('signature.form.titlePlaceholder')}
          required
          maxLength={SIGNATURE_TITLE_MAX}
          {...form.getInputProps('title')}
        />
      </SimpleGrid>
      <HeldFilesField
        fileTypeId={SIGNATURE_PDF_FILE_TYPE_ID}
        label={t('signature.form.pdfFiles')}
        description={t('signature.form.pdfFilesHelp')}
        error={form.errors.pdfFiles}
        maxFiles={SIGNATURE_PDF_FILES_MAX}
        preview="file"
        value={held}
        names={names}
        onNamed={(fileId, fileName) => setNames((current) => new Map(current).set(fileId, fileName))}
        onChange={(files) =>
          form.setFieldValue(
            'pdfFiles',
            files.map((f) => ({ pdfFileId: f.fileId })),
          )
        }
        nameOf={(number) => t('signature.form.pdfName', { number })}
      />
      {form.isValid() ? (
        <Group justify="flex-end">
          <Button type="submit" loading={send.submitting} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {t('signature.form.send')}
          </Button>
        </Group>
      ) : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          {t('signature.form.incomplete')}
        </Alert>
      )}
    </FormCard>
  );
}
