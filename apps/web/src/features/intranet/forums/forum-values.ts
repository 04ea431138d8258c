import type { ForumJoinedFile } from '@reseau/contracts/schemas/forums';
import type { JoinedFileValue } from './ForumFilesField';

/** The attachments as the API takes them (the form's schema has made sure each row is whole). */
export const joinedFilesOf = (rows: JoinedFileValue[]): ForumJoinedFile[] =>
  rows.flatMap((row) => (row.fileId === null ? [] : [{ fileName: row.fileName.trim(), fileId: row.fileId }]));
