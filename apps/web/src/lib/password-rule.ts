import { isCommonPassword } from '@reseau/contracts/constants/auth';
import { passwordSchema } from '@reseau/contracts/schemas/auth';
import i18n from '../i18n';

/**
 * The platform password rule, from the shared contract (its shape, and not a common password). Kept apart from validation.ts because it
 * brings zod: only the screens that choose a password load it.
 */
export function newPasswordError(value: string): string | null {
  if (!value) return i18n.t('validation.required');
  if (passwordSchema.safeParse(value).success) return null;
  return isCommonPassword(value) ? i18n.t('validation.commonPassword') : i18n.t('validation.passwordRule');
}
