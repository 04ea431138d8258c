import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AcceptedFileType,
  isUploadCancelled,
  refusalOf,
  type UploadedFile,
  uploadFailureText,
  uploadFile,
} from '../../api/upload';
import { t } from '../../i18n';

/** A file being sent (with its share sent, 0 to 100) or one that failed (with why). */
export type UploadItem =
  | { key: number; name: string; status: 'sending'; percent: number }
  | { key: number; name: string; status: 'failed'; message: string };

let nextKey = 1;

/**
 * The uploads of one dropzone: each picked file is checked against its field's type (refused
 * files never leave the browser), then sent with its progress; a finished one is handed to
 * `onUploaded` and leaves the list. `room` is how many more files the field takes (of `maxFiles`).
 */
export function useUploads(options: {
  fileType: AcceptedFileType | undefined;
  maxFiles: number;
  room: number;
  onUploaded: (file: UploadedFile) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const latest = useRef(options);
  latest.current = options;

  // Leaving the screen cancels what is still being sent.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: number, item: UploadItem | null) => {
    setItems((list) => (item ? list.map((i) => (i.key === key ? item : i)) : list.filter((i) => i.key !== key)));
  }, []);

  const send = useCallback(
    async (file: File, fileTypeId: number, key: number) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        const uploaded = await uploadFile(file, fileTypeId, {
          signal: controller.signal,
          onProgress: (sent) => update(key, { key, name: file.name, status: 'sending', percent: Math.round(sent * 100) }),
        });
        update(key, null);
        latest.current.onUploaded(uploaded);
      } catch (error) {
        update(
          key,
          isUploadCancelled(error) ? null : { key, name: file.name, status: 'failed', message: uploadFailureText(error) },
        );
      } finally {
        controllers.current.delete(key);
      }
    },
    [update],
  );

  /** Checks and sends the picked files; beyond the room left, files are refused with a message. */
  const add = useCallback(
    (files: File[]) => {
      const { fileType, room, maxFiles } = latest.current;
      if (!fileType || files.length === 0) return;
      const sending = items.filter((i) => i.status === 'sending').length;
      const free = Math.max(0, room - sending);
      const added: UploadItem[] = [];
      let accepted = 0;
      for (const file of files) {
        const key = nextKey++;
        const refusal = refusalOf(file, fileType) ?? (accepted >= free ? t('upload.tooMany', { count: maxFiles }) : null);
        if (refusal) {
          added.push({ key, name: file.name, status: 'failed', message: refusal });
          continue;
        }
        accepted += 1;
        added.push({ key, name: file.name, status: 'sending', percent: 0 });
        void send(file, fileType.fileTypeId, key);
      }
      setItems((list) => [...list.filter((i) => i.status === 'sending'), ...added]);
    },
    [items, send],
  );

  const cancel = useCallback((key: number) => controllers.current.get(key)?.abort(), []);
  const dismiss = useCallback((key: number) => update(key, null), [update]);

  return { items, add, cancel, dismiss, sending: items.filter((i) => i.status === 'sending').length };
}
