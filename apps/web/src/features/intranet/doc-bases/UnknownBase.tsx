import { Button, Stack } from '@mantine/core';
import { IconFolderOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { useTranslation } from '../../../i18n';
import { DOC_BASES } from './doc-base-access';

/** A base the reader may not read (or that does not exist): said plainly, with the way back. */
export function UnknownBase() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <EmptyBlock
        icon={<IconFolderOff size={28} />}
        title={t('documentBases.unknownBase')}
        text={t('documentBases.unknownBaseText')}
      />
      <Button component={Link} to={DOC_BASES} variant="light">
        {t('documentBases.backToBases')}
      </Button>
    </Stack>
  );
}
