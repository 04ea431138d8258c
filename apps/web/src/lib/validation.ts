import i18n from '../i18n';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email fields: empty or invalid both show "Veuillez remplir ce champ" (spec 03 §5). */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email || !EMAIL_PATTERN.test(email) || email.length > 254) return i18n.t('validation.required');
  return null;
}

export function requiredError(value: string): string | null {
  return value.trim() ? null : i18n.t('validation.required');
}

export function confirmationError(value: string, password: string): string | null {
  if (!value) return i18n.t('validation.required');
  return value === password ? null : i18n.t('validation.confirmation');
}
