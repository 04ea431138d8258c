import { Button, Checkbox, Group, Paper, Skeleton, Stack, Switch, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { NETWORK_ADMIN_AVATAR_FILE_TYPE } from '@reseau/contracts/constants/adherent-users';
import { networkAdminLocks } from '@reseau/contracts/constants/network-admins';
import { ADMIN_TYPE, ROLE } from '@reseau/contracts/constants/permissions';
import { type NetworkAdmin, networkAdminForm } from '@reseau/contracts/schemas/network-admins';
import { IconUserCog } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { saveNetworkAdmin, useInvalidateNetworkAdmins, useNetworkAdmin } from '../../../api/network-admins';
import { useRoles } from '../../../api/roles';
import { FormCard } from '../../../components/FormCard';
import { PersonAvatarField, PersonFields } from '../../../components/PersonFields';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { useTranslation } from '../../../i18n';
import { actingRoleId } from '../../../lib/acting-role';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { idParam } from '../../../lib/id-param';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { ResetSecondFactor } from '../kit/ResetSecondFactor';

const validate = schemaResolver(networkAdminForm, { sync: true });
const LIST = '/intranet/users';
const REQUIRED = ['firstName', 'lastName', 'position', 'phone', 'emailAddress', 'roleId'] as const;

interface AdminFormValues {
  firstName: string;
  lastName: string;
  position: string;
  phone: string;
  emailAddress: string;
  roleId: string;
  avatarFileId: number | null;
  isHidden: boolean;
  isActive: boolean;
}

const EMPTY: AdminFormValues = {
  firstName: '',
  lastName: '',
  position: '',
  phone: '',
  emailAddress: '',
  roleId: '',
  avatarFileId: null,
  isHidden: false,
  isActive: true,
};

const valuesOf = (admin: NetworkAdmin): AdminFormValues => ({
  firstName: admin.firstName,
  lastName: admin.lastName,
  position: admin.position ?? '',
  phone: admin.phone ?? '',
  emailAddress: admin.emailAddress,
  roleId: String(admin.roleId),
  avatarFileId: admin.avatarFileId,
  isHidden: admin.isHidden,
  isActive: admin.isActive,
});

/**
 * `/intranet/user?id={id}` (spec 01 §2): creates or edits a network admin and returns to the list.
 * A failed load shows its message and goes back to the list (spec 01 §8).
 */
export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const admin = useNetworkAdmin(id);
  const session = useSession();

  useEffect(() => {
    if (admin.isError) {
      notifyError(t('networkAdmins.errors.loadUser'));
      navigate(LIST, { replace: true });
    }
  }, [admin.isError, navigate, t]);

  const title = id === null ? t('networkAdmins.createTitle') : t('networkAdmins.editTitle');
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {id !== null && !admin.data ? (
        <Skeleton height={420} radius="md" aria-label={t('common.loading')} />
      ) : (
        <AdminForm
          key={id ?? 'new'}
          id={id}
          initial={admin.data ? valuesOf(admin.data) : EMPTY}
          target={admin.data ? { id: admin.data.id, roleId: admin.data.roleId } : null}
        />
      )}
      {admin.data && actingRoleId(session) === ROLE.superAdmin ? (
        <Paper withBorder p="md" radius="md">
          <ResetSecondFactor adminId={admin.data.id} name={`${admin.data.firstName} ${admin.data.lastName}`} />
        </Paper>
      ) : null}
    </Stack>
  );
}

interface AdminFormProps {
  id: number | null;
  initial: AdminFormValues;
  /** The account as loaded (null: a new one): what of it this caller may change. */
  target: { id: number; roleId: number } | null;
}

function AdminForm({ id, initial, target }: AdminFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const locks = networkAdminLocks({ adminId: Number(session.claims?.sub), roleId: actingRoleId(session) ?? 0 }, target);
  const navigate = useNavigate();
  const roles = useRoles();
  const invalidate = useInvalidateNetworkAdmins();
  const form = useForm<AdminFormValues>({ mode: 'controlled', initialValues: initial, ...VALIDATE_WHEN_CHANGED, validate });
  const save = useFormAction({
    action: (values: AdminFormValues) => saveNetworkAdmin(id, { ...values, roleId: Number(values.roleId) }),
    form,
    fallback: t('networkAdmins.errors.save'),
    onSuccess: async () => {
      notifySuccess(t('networkAdmins.saved'));
      await invalidate();
      navigate(LIST);
    },
  });
  // Role 1 is offered only to role 1 (a role 1 account shown to another keeps its role, locked).
  const roleOptions = (roles.data ?? [])
    .filter((role) => role.adminTypeId === ADMIN_TYPE.network)
    .map((role) => ({
      value: String(role.id),
      label: role.name,
      disabled: role.id === ROLE.superAdmin && locks.superAdminRole && target?.roleId !== ROLE.superAdmin,
    }));
  const reserved = t('networkAdmins.superAdminReserved');
  const locked = {
    ...(locks.emailAddress ? { emailAddress: reserved } : {}),
    ...(locks.roleId ? { roleId: target?.id === Number(session.claims?.sub) ? t('networkAdmins.ownRoleLocked') : reserved } : {}),
  };
  // Save is offered once every required field is filled, and blocked while one is in error (spec 01 §5).
  const filled = REQUIRED.every((name) => form.values[name].trim() !== '');
  const superAdmin = form.values.roleId === String(ROLE.superAdmin);

  return (
    <FormCard icon={IconUserCog} title={t('networkAdmins.formTitle')} level={2} onSubmit={form.onSubmit(save.submit)}>
      <PersonFields inputProps={form.getInputProps} roleOptions={roleOptions} labels="networkAdmins" locked={locked} />
      <PersonAvatarField
        fileTypeId={NETWORK_ADMIN_AVATAR_FILE_TYPE}
        firstName={form.values.firstName}
        lastName={form.values.lastName}
        value={form.values.avatarFileId}
        onChange={(fileId) => form.setFieldValue('avatarFileId', fileId)}
        error={form.errors.avatarFileId}
      />
      <Group gap="xl">
        <Switch
          label={t('networkAdmins.active')}
          description={superAdmin ? t('networkAdmins.superAdminAlwaysActive') : undefined}
          disabled={superAdmin}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Checkbox label={t('networkAdmins.hidden')} {...form.getInputProps('isHidden', { type: 'checkbox' })} />
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to={LIST}>
          {t('common.cancel')}
        </Button>
        <SubmitWhenReady ready={filled} form={form} submitting={save.submitting}>
          {t('networkAdmins.save')}
        </SubmitWhenReady>
      </Group>
    </FormCard>
  );
}
