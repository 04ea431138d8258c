import { extensionLabels, FILE_MESSAGES, MIME_EXTENSIONS, megabytes } from '@reseau/contracts/constants/files';
import { t } from '../i18n';
import { ApiError, apiErrorOf, isApiError } from '../lib/api-error';
import { genericErrorText } from '../lib/error-text';
import { API_BASE, callerHeaders, renewAfter401, UPLOAD_TIMEOUT_MS } from './http';

/** What a file field accepts (GET /file-types). */
export interface AcceptedFileType {
  fileTypeId: number;
  allowedMimeTypes: string[];
  maxSize: number;
}

/** The file was stored: its id for the entity, and the name it was picked under. */
export interface UploadedFile {
  id: number;
  fileName: string;
}

/** The user cancelled the upload: not a failure to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export const isUploadCancelled = (error: unknown): error is UploadCancelled => error instanceof UploadCancelled;

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();

/** The MIME type a file name's extension stands for, if it is one we know. */
function mimeOfName(name: string): string | undefined {
  const extension = extensionOf(name);
  if (!extension) return undefined;
  return Object.keys(MIME_EXTENSIONS).find((mime) => MIME_EXTENSIONS[mime]?.includes(extension));
}

/**
 * Why the file cannot be sent (the API's own French message), or null. The browser's type and the
 * name's extension are both tried, since Windows names a ZIP `application/x-zip-compressed` and
 * some systems give no type at all; the API checks the bytes themselves anyway.
 */
export function refusalOf(file: File, type: AcceptedFileType): string | null {
  const candidates = [file.type, mimeOfName(file.name)].filter((mime): mime is string => Boolean(mime));
  if (!candidates.some((mime) => type.allowedMimeTypes.includes(mime)))
    return FILE_MESSAGES.typeNotAllowed(type.allowedMimeTypes);
  if (file.size > type.maxSize) return FILE_MESSAGES.tooLarge(type.maxSize);
  if (file.size === 0) return FILE_MESSAGES.empty;
  return null;
}

/** The `accept` of a file input: MIME types and extensions, so the picker shows the right files. */
export function acceptOf(type: AcceptedFileType): string {
  const extensions = type.allowedMimeTypes.flatMap((mime) => (MIME_EXTENSIONS[mime] ?? []).map((e) => `.${e}`));
  return [...type.allowedMimeTypes, ...extensions].join(',');
}

/** "PDF, PNG — 5 Mo au maximum": what a field accepts, for its hint. */
export function acceptedText(type: AcceptedFileType): { formats: string; maxSize: string } {
  return { formats: extensionLabels(type.allowedMimeTypes), maxSize: megabytes(type.maxSize) };
}

export interface UploadOptions {
  /** Called as the bytes leave, with the share sent (0 to 1). */
  onProgress?: (sent: number) => void;
  /** Aborting cancels the upload (UploadCancelled). */
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  text: string;
  authorization: string | undefined;
}

/** One POST /files over XMLHttpRequest: fetch cannot report upload progress. */
function sendOnce(file: File, fileTypeId: number, options: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const headers: Record<string, string> = { accept: 'application/json', ...callerHeaders() };
    xhr.open('POST', `${API_BASE}/files`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, text: xhr.responseText, authorization: headers.authorization });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network_error', 'network_error'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, 'timeout', 'timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    options.signal?.addEventListener('abort', onAbort);
    // The type first: the API reads `typeId` before the file, to bound it by the type's size.
    const form = new FormData();
    form.append('typeId', String(fileTypeId));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Sends a file to POST /files with progress, a 60 s time-out (spec 00 §9) and cancellation. A 401
 * refreshes the session once and sends the file again, as every other call does (api/http.ts).
 * Failures come out as ApiError with the server's French message.
 */
export async function uploadFile(file: File, fileTypeId: number, options: UploadOptions = {}): Promise<UploadedFile> {
  let answer = await sendOnce(file, fileTypeId, options);
  if (answer.status === 401 && answer.authorization) {
    const outcome = await renewAfter401(answer.authorization);
    if (outcome === 'refreshed') {
      options.onProgress?.(0);
      answer = await sendOnce(file, fileTypeId, options);
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw apiErrorOf(answer.status, answer.text);
  const body: unknown = JSON.parse(answer.text);
  const id = body && typeof body === 'object' && 'id' in body ? body.id : undefined;
  if (typeof id !== 'number') throw new ApiError(answer.status, 'invalid_answer', 'invalid_answer');
  return { id, fileName: file.name };
}

/** Why an upload failed, in French: the server's own message for a refusal it explains. */
export function uploadFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'timeout') return t('upload.timeout');
    if (error.status >= 400 && error.status < 500 && error.message && !error.code.startsWith('http_')) return error.message;
  }
  return genericErrorText(error);
}
