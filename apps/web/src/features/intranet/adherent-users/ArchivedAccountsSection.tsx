import { Badge, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { type ArchivedAdherentUser, anonymizeAdherentUser, useArchivedAdherentUsers } from '../../../api/archived-adherent-users';
import { useRoles } from '../../../api/roles';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { useConfirmed } from '../../../lib/use-confirmed';

const fullName = (u: ArchivedAdherentUser) => `${u.firstName} ${u.lastName}`;

/**
 * « Comptes archivés » (RGPD issue 28 §2) under the users' list, for the network's super
 * administrator and an adherent's director: the deleted (archived) accounts, each with
 * « Anonymiser » after a confirmation that says it cannot be undone. What they wrote stays, signed
 * « Ancien utilisateur ».
 */
export function ArchivedAccountsSection() {
  const { t } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const query = useArchivedAdherentUsers(pageNumber, true);
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.find((r) => r.id === id)?.name ?? '';
  const anonymize = useConfirmed({
    run: (user: ArchivedAdherentUser) => anonymizeAdherentUser(user.id),
    done: t('adherentUsers.archived.done'),
    failed: t('adherentUsers.archived.failed'),
  });
  return (
    <Card shadow="xs" component="section" aria-labelledby="archived-accounts">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="archived-accounts">
            {t('adherentUsers.archived.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('adherentUsers.archived.intro')}
          </Text>
        </div>
        <PagedTable
          label={t('adherentUsers.archived.listLabel')}
          query={query}
          pageNumber={pageNumber}
          onPageChange={setPageNumber}
          empty={<EmptyBlock icon={<IconUserOff size={28} />} title={t('adherentUsers.archived.empty')} />}
          minWidth={720}
          rowKey={(u) => u.id}
          columns={[
            { key: 'name', header: t('adherentUsers.name'), cell: fullName },
            { key: 'email', header: t('adherentUsers.email'), cell: (u) => u.emailAddress, nowrap: true },
            { key: 'role', header: t('adherentUsers.role'), cell: (u) => roleName(u.roleId) },
            {
              key: 'archivedAt',
              header: t('adherentUsers.archived.archivedAt'),
              cell: (u) => formatDate(u.archivedAt),
              nowrap: true,
            },
          ]}
          rowActions={(u) =>
            u.anonymizedAt ? (
              <Badge variant="light" color="gray">
                {t('adherentUsers.archived.anonymized')}
              </Badge>
            ) : (
              <Button
                size="xs"
                color="red"
                variant="light"
                aria-label={t('adherentUsers.archived.anonymizeOne', { name: fullName(u) })}
                onClick={() => anonymize.ask(u)}
              >
                {t('adherentUsers.archived.anonymize')}
              </Button>
            )
          }
        />
      </Stack>
      <ConfirmDialog
        {...anonymize.dialog}
        title={t('adherentUsers.archived.confirmTitle')}
        confirmLabel={t('adherentUsers.archived.anonymize')}
        color="red"
      >
        <Text>{t('adherentUsers.archived.confirmText', { name: anonymize.target ? fullName(anonymize.target) : '' })}</Text>
      </ConfirmDialog>
    </Card>
  );
}
