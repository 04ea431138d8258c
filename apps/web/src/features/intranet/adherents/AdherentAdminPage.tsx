import { Anchor, Breadcrumbs, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADHERENT_AVATAR_FILE_TYPE } from '@reseau/contracts/constants/adherent-users';
import { COOPERATIVE_ROLES, type CooperativeRole } from '@reseau/contracts/constants/adherents';
import { ADMIN_TYPE } from '@reseau/contracts/constants/permissions';
import { adherentAdminForm } from '@reseau/contracts/schemas/adherent-admins';
import { IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdherentAdmin, saveAdherentAdmin, useAdherentAdmin } from '../../../api/adherent-admins';
import { useRoles } from '../../../api/roles';
import { FormCard } from '../../../components/FormCard';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { Modal, MultiSelect } from '../../../components/overlays';
import { PersonAvatarField, PersonFields } from '../../../components/PersonFields';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { adherentAdminHref, useAdherentFormAddress, useLeaveWhen } from './links';

const validate = schemaResolver(adherentAdminForm, { sync: true });
const REQUIRED = ['firstName', 'lastName', 'position', 'phone', 'emailAddress'] as const;

/**
 * `/intranet/adherent-admin?adherent={name}&adherent-id={id}&id={adminId}` (spec 01 §2): create or
 * edit an adherent user, back to the adherent page on success. A second admin shown on the map is
 * refused by the server with `adminAdherentIds`: the modal offers to open the one shown (spec 01 §8).
 */
export function AdherentAdminPage() {
  const { t } = useTranslation();
  const { adherentId, adherentName, id, back } = useAdherentFormAddress();
  const admin = useAdherentAdmin(id);
  useLeaveWhen(admin.isError || adherentId === null, back);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/intranet/adherents">
          {t('menu.adherents')}
        </Anchor>
        <Anchor component={Link} to={back}>
          {adherentName}
        </Anchor>
        <span>{admin.data ? `${admin.data.firstName} ${admin.data.lastName}` : t('adherents.newUser')}</span>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {admin.data ? `${admin.data.firstName} ${admin.data.lastName}` : t('adherents.newUser')}
      </Title>
      {adherentId === null || (id !== null && !admin.data) ? (
        <ListSkeleton rows={4} height={40} />
      ) : (
        <AdherentAdminForm
          key={id ?? 'new'}
          adherent={{ id: adherentId, name: adherentName }}
          admin={admin.data ?? null}
          back={back}
        />
      )}
    </Stack>
  );
}

type Values = {
  firstName: string;
  lastName: string;
  position: string;
  phone: string;
  emailAddress: string;
  roleId: string;
  cooperativeRoles: CooperativeRole[];
  isHidden: boolean;
  doNotShowOnMap: boolean;
  isActive: boolean;
  adherentId: number;
  avatarFileId: number | null;
};

function AdherentAdminForm({
  adherent,
  admin,
  back,
}: {
  adherent: { id: number; name: string };
  admin: AdherentAdmin | null;
  back: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useRoles();
  const [shownOnMap, setShownOnMap] = useState<number[] | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      adherentId: adherent.id,
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      position: admin?.position ?? '',
      phone: admin?.phone ?? '',
      emailAddress: admin?.emailAddress ?? '',
      roleId: admin ? String(admin.roleId) : '',
      cooperativeRoles: (admin?.cooperativeRoles ?? []) as CooperativeRole[],
      isHidden: admin?.isHidden ?? false,
      doNotShowOnMap: admin?.doNotShowOnMap ?? true,
      isActive: admin?.isActive ?? true,
      avatarFileId: admin?.avatarFileId ?? null,
    },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: Values) =>
      saveAdherentAdmin(admin?.id ?? null, {
        ...values,
        roleId: Number(values.roleId),
      }),
    form,
    fallback: t('adherents.errors.saveUser'),
    handleError: (error) => {
      if (error.code !== 'adherent_admin_already_on_map') return false;
      const ids = error.body.adminAdherentIds;
      // The popover stays shown beside the modal (spec 01 §8).
      notifyError(t('adherents.errors.saveUser'));
      setShownOnMap(Array.isArray(ids) ? ids.filter((v): v is number => typeof v === 'number') : []);
      return true;
    },
    onSuccess: () => {
      notifySuccess(t('adherents.userSaved'));
      navigate(back);
    },
  });
  // Save appears once the five fields are filled and is blocked while one is in error (spec 01 §5).
  const filled = REQUIRED.every((field) => form.values[field].trim() !== '') && form.values.roleId !== '';
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.adminTypeId === ADMIN_TYPE.adherent)
    .map((r) => ({ value: String(r.id), label: r.name }));

  return (
    <>
      <FormCard icon={IconUser} title={t('adherents.userIdentity')} level={2} onSubmit={form.onSubmit(save.submit)}>
        <PersonFields inputProps={form.getInputProps} roleOptions={roleOptions} labels="adherents" />
        <PersonAvatarField
          fileTypeId={ADHERENT_AVATAR_FILE_TYPE}
          firstName={form.values.firstName}
          lastName={form.values.lastName}
          value={form.values.avatarFileId}
          onChange={(fileId) => form.setFieldValue('avatarFileId', fileId)}
          error={form.errors.avatarFileId}
        />
        <MultiSelect
          label={t('adherents.cooperativeRoles')}
          data={COOPERATIVE_ROLES.map((value) => ({ value, label: t(`adherents.cooperativeRole.${value}`) }))}
          clearable
          {...form.getInputProps('cooperativeRoles')}
        />
        <Group gap="lg">
          <Checkbox label={t('adherents.doNotShowOnMap')} {...form.getInputProps('doNotShowOnMap', { type: 'checkbox' })} />
          <Checkbox label={t('adherents.isHidden')} {...form.getInputProps('isHidden', { type: 'checkbox' })} />
          <Checkbox label={t('adherents.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        </Group>
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default">
            {t('adherents.cancel')}
          </Button>
          <SubmitWhenReady ready={filled} form={form} submitting={save.submitting}>
            {t('adherents.save')}
          </SubmitWhenReady>
        </Group>
      </FormCard>
      <Modal opened={shownOnMap !== null} onClose={() => setShownOnMap(null)} title={t('adherents.onMapTitle')} centered>
        <Stack gap="md">
          <Text>{t('adherents.onMapText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setShownOnMap(null)}>
              {t('adherents.close')}
            </Button>
            {shownOnMap?.[0] !== undefined ? (
              <Button
                onClick={() => {
                  const shown = shownOnMap[0];
                  setShownOnMap(null);
                  if (shown !== undefined) navigate(adherentAdminHref(adherent, shown));
                }}
              >
                {t('adherents.showUser')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
