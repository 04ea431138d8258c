import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { Select } from './overlays';
import { AvatarField } from './upload/AvatarField';

type PersonField = 'firstName' | 'lastName' | 'position' | 'phone' | 'emailAddress' | 'roleId';

export interface PersonFieldsProps {
  /** The form's `getInputProps` for the six fields (`form.getInputProps`). */
  inputProps: (field: PersonField) => GetInputPropsReturnType;
  roleOptions: { value: string; label: string; disabled?: boolean }[];
  /** The screen's text block: its labels say "Poste" for network staff, "Fonction" for adherents. */
  labels: 'networkAdmins' | 'adherentUsers' | 'adherents';
  /** Fields the caller may not change, each with the reason shown under it (the server refuses them too). */
  locked?: Partial<Record<'emailAddress' | 'roleId', string>>;
}

/**
 * The identity of a staff account (spec 01 §3, §5): first and last name, position, phone, email
 * and role, two per row on a wide screen, as the network admin, adherent admin and adherent user
 * forms show them. Validation stays with the form's schema.
 */
export function PersonFields({ inputProps, roleOptions, labels, locked = {} }: PersonFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={t(`${labels}.firstName`)} autoComplete="off" required {...inputProps('firstName')} />
      <TextInput label={t(`${labels}.lastName`)} autoComplete="off" required {...inputProps('lastName')} />
      <TextInput label={t(`${labels}.position`)} required {...inputProps('position')} />
      <TextInput label={t(`${labels}.phone`)} type="tel" required {...inputProps('phone')} />
      <TextInput
        label={t(`${labels}.email`)}
        type="email"
        autoComplete="off"
        required
        {...inputProps('emailAddress')}
        disabled={locked.emailAddress !== undefined}
        description={locked.emailAddress}
      />
      <Select
        label={t(`${labels}.role`)}
        data={roleOptions}
        // The same height as the text fields beside it (the theme sizes TextInput only).
        size="md"
        required
        allowDeselect={false}
        {...inputProps('roleId')}
        disabled={locked.roleId !== undefined}
        description={locked.roleId}
      />
    </SimpleGrid>
  );
}

export interface PersonAvatarFieldProps {
  fileTypeId: number;
  firstName: string;
  lastName: string;
  value: number | null;
  onChange: (fileId: number | null) => void;
  error?: ReactNode;
}

/** The account's picture under its identity (AvatarField named after the person). */
export function PersonAvatarField({ fileTypeId, firstName, lastName, value, onChange, error }: PersonAvatarFieldProps) {
  const { t } = useTranslation();
  return (
    <AvatarField
      fileTypeId={fileTypeId}
      label={t('upload.avatar')}
      name={`${firstName} ${lastName}`.trim()}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
