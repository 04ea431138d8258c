import { FILE_MESSAGES } from '@reseau/contracts';
import { AppError } from '../../lib/errors.js';

export const fileErrors = {
  tooLarge: (maxSize: number) => new AppError('file_too_large', 413, FILE_MESSAGES.tooLarge(maxSize)),
  typeNotAllowed: (allowedMimeTypes: readonly string[]) =>
    new AppError('file_type_not_allowed', 400, FILE_MESSAGES.typeNotAllowed(allowedMimeTypes)),
};
