import { Stack, Text, Title } from '@mantine/core';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { useTranslation } from '../../../i18n';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { SignatureDesk } from './SignatureDesk';
import { SignatureOverview } from './SignatureOverview';

/**
 * `/intranet/signature` (spec 02 §2): holders of `signature_document_administration` send
 * documents and follow their agency's signatures; every other staff user sees the counts
 * overview. The server holds the same split (requireAdmin on the holders' calls).
 */
export function SignaturePage() {
  const { t } = useTranslation();
  const session = useSession();
  const holder = hasPermission(session.permissions, 'signature_document_administration');
  // Every role holds some permission: none yet means the roles call is still on its way, and
  // choosing now would show the overview to a holder for a moment.
  const known = session.permissions.length > 0;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('signature.title')}
        </Title>
        {holder ? <Text c="dimmed">{t('signature.intro')}</Text> : null}
      </Stack>
      {!known ? <ListSkeleton rows={4} height={48} /> : holder ? <SignatureDesk /> : <SignatureOverview />}
    </Stack>
  );
}
