import { AppError } from '../../lib/errors.js';
import { extensionLabels } from './mime-types.js';

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1)).toLocaleString('fr-FR')} Mo`;

export const fileErrors = {
  tooLarge: (maxSize: number) =>
    new AppError('file_too_large', 413, `Le fichier est trop volumineux : la taille maximale est de ${megabytes(maxSize)}.`),
  typeNotAllowed: (allowedMimeTypes: readonly string[]) =>
    new AppError(
      'file_type_not_allowed',
      400,
      `Ce type de fichier n'est pas accepté. Formats acceptés : ${extensionLabels(allowedMimeTypes)}.`,
    ),
};
