import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Skeleton, Stack, Switch, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADHERENT_AVATAR_FILE_TYPE } from '@reseau/contracts/constants/adherent-users';
import { ADHERENT_MESSAGES, PROTECTED_ADHERENT_ROLE_IDS } from '@reseau/contracts/constants/adherents';
import { ADMIN_TYPE, ROLE } from '@reseau/contracts/constants/permissions';
import { adherentUserForm } from '@reseau/contracts/schemas/adherent-users';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AdherentUser, saveAdherentUser, useAdherentUser, useAgencyAdherents } from '../../../api/adherent-users';
import { useAgencies } from '../../../api/agencies';
import { useRoles } from '../../../api/roles';
import { FormCard } from '../../../components/FormCard';
import { MultiSelect } from '../../../components/overlays';
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
import { usersListHref, useUsersCaller } from './caller';

const validate = schemaResolver(adherentUserForm, { sync: true });
const REQUIRED = ['firstName', 'lastName', 'position', 'phone', 'emailAddress', 'roleId'] as const;

interface Values {
  firstName: string;
  lastName: string;
  position: string;
  phone: string;
  emailAddress: string;
  roleId: string;
  agencies: string[];
  avatarFileId: number | null;
  isActive: boolean;
}

const valuesOf = (user: AdherentUser | null): Values => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  position: user?.position ?? '',
  phone: user?.phone ?? '',
  emailAddress: user?.emailAddress ?? '',
  roleId: user ? String(user.roleId) : '',
  agencies: (user?.agencies ?? []).map((a) => String(a.agencyId)),
  avatarFileId: user?.avatarFileId ?? null,
  isActive: user?.isActive ?? true,
});

/**
 * `/intranet/adherent-user?id={id}` (spec 01 §2, §3 "Adherent user"): creates or edits a user of the
 * adherent, with its agencies and its picture, and returns to the list. A failed load says so and
 * goes back to the list (spec 01 §8).
 */
/** Who may reset a user's second factor here (the server decides: modules/second-factor/policy.ts). */
const RESETTING_ROLES: readonly number[] = [ROLE.superAdmin, ROLE.adherentDirector];

export function AdherentUserPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const caller = useUsersCaller();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const user = useAdherentUser(id);
  const adherents = useAgencyAdherents();
  const adherentId =
    user.data?.adherentId ?? (caller.isNetwork ? idParam(params.get('adherent-id')) : (adherents.data?.[0]?.id ?? null));
  const adherent = adherents.data?.find((a) => a.id === adherentId) ?? null;
  const back = usersListHref(adherentId, caller.isNetwork);
  const noAdherent = adherents.isSuccess && id === null && adherent === null;

  useEffect(() => {
    if (user.isError || adherents.isError || noAdherent) {
      notifyError(t(user.isError ? 'adherentUsers.errors.loadUser' : 'adherentUsers.errors.loadAdherents'));
      navigate(back, { replace: true });
    }
  }, [user.isError, adherents.isError, noAdherent, back, navigate, t]);

  const title = user.data ? `${user.data.firstName} ${user.data.lastName}` : t('adherentUsers.newUser');
  return (
    <Stack gap="lg" maw={880}>
      <Breadcrumbs>
        <Anchor component={Link} to={back}>
          {t('adherentUsers.title')}
        </Anchor>
        <span>{title}</span>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {title}
      </Title>
      {(id !== null && !user.data) || !adherent ? (
        <Skeleton height={420} radius="md" aria-label={t('common.loading')} />
      ) : user.data && !caller.mayTouchRole(user.data.roleId) ? (
        <Alert icon={<IconLock size={18} />} color="gray" title={ADHERENT_MESSAGES.protectedRole}>
          <Anchor component={Link} to={back}>
            {t('adherentUsers.title')}
          </Anchor>
        </Alert>
      ) : (
        <UserForm key={id ?? 'new'} user={user.data ?? null} agencies={adherent.agencies} back={back} />
      )}
      {user.data && RESETTING_ROLES.includes(actingRoleId(session) ?? 0) ? (
        <Paper withBorder p="md" radius="md">
          <ResetSecondFactor adminId={user.data.id} name={title} />
        </Paper>
      ) : null}
    </Stack>
  );
}

function UserForm({
  user,
  agencies,
  back,
}: {
  user: AdherentUser | null;
  agencies: { id: number; name: string }[];
  back: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const caller = useUsersCaller();
  const roles = useRoles();
  // The agencies an adherent-level account may give or take away: its own (GET /agencies).
  const own = useAgencies(!caller.isNetwork);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(user), ...VALIDATE_WHEN_CHANGED, validate });
  const save = useFormAction({
    action: (values: Values) =>
      saveAdherentUser(user?.id ?? null, {
        ...values,
        roleId: Number(values.roleId),
        agencies: values.agencies.map((agencyId) => ({ agencyId: Number(agencyId) })),
      }),
    form,
    fallback: t('adherentUsers.errors.save'),
    onSuccess: () => {
      notifySuccess(t('adherentUsers.saved'));
      navigate(back);
    },
  });
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.adminTypeId === ADMIN_TYPE.adherent && (caller.isNetwork || !PROTECTED_ADHERENT_ROLE_IDS.includes(r.id)))
    .map((r) => ({ value: String(r.id), label: r.name }));
  const ownIds = new Set((own.data ?? []).map((a) => a.id));
  const agencyOptions = agencies.map((a) => {
    const mine = caller.isNetwork || ownIds.has(a.id);
    return {
      value: String(a.id),
      label: mine ? a.name : t('adherentUsers.agencyNotYours', { name: a.name }),
      disabled: !mine,
    };
  });
  // Save appears once the required fields are filled and is blocked while one is in error (spec 01 §5).
  const filled = REQUIRED.every((name) => form.values[name].trim() !== '') && form.values.agencies.length > 0;

  return (
    <FormCard icon={IconUser} title={t('adherentUsers.identity')} level={2} onSubmit={form.onSubmit(save.submit)}>
      <PersonFields inputProps={form.getInputProps} roleOptions={roleOptions} labels="adherentUsers" />
      <MultiSelect
        label={t('adherentUsers.agencies')}
        description={t('adherentUsers.agenciesHint')}
        data={agencyOptions}
        searchable
        required
        {...form.getInputProps('agencies')}
      />
      <PersonAvatarField
        fileTypeId={ADHERENT_AVATAR_FILE_TYPE}
        firstName={form.values.firstName}
        lastName={form.values.lastName}
        value={form.values.avatarFileId}
        onChange={(fileId) => form.setFieldValue('avatarFileId', fileId)}
        error={form.errors.avatarFileId}
      />
      <Switch label={t('adherentUsers.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to={back}>
          {t('adherentUsers.cancel')}
        </Button>
        <SubmitWhenReady ready={filled} form={form} submitting={save.submitting}>
          {t('adherentUsers.save')}
        </SubmitWhenReady>
      </Group>
    </FormCard>
  );
}
