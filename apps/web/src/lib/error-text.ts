import i18n from '../i18n';
import { isApiError } from './api-error';

/** A French line for a failure no screen handles specifically. */
export function genericErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'timeout') return i18n.t('errors.timeout');
    if (error.code === 'network_error') return i18n.t('errors.network');
  }
  return i18n.t('errors.generic');
}
