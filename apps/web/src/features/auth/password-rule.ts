import { passwordSchema } from '@reseau/contracts/auth';
import i18n from '../../i18n';

/**
 * The platform password rule, from the shared contract. Kept apart from validation.ts because it
 * brings zod: only the screens that choose a password load it.
 */
export function newPasswordError(value: string): string | null {
  if (!value) return i18n.t('validation.required');
  return passwordSchema.safeParse(value).success ? null : i18n.t('validation.passwordRule');
}
