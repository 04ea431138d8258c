import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from './notify';

/**
 * A decision on one item that the user confirms in a `ConfirmDialog` (deleting a row): `ask(item)`
 * opens the dialog, `dialog` is its state (spread it on the dialog). Confirmed and done, the dialog
 * closes and `done` is announced; failed, `failed` is announced and the dialog stays open on the
 * same item, so the user can try again or cancel (nothing is lost). `onDone(item)` runs after a
 * success (close what showed the item), `onSettled` either way (refresh the list).
 */
export function useConfirmed<T>({
  run,
  done,
  failed,
  onDone,
  onSettled,
}: {
  run: (item: T) => Promise<unknown>;
  done: string;
  failed: string;
  onDone?: (item: T) => unknown;
  onSettled?: () => unknown;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (_, item) => {
      setTarget(null);
      notifySuccess(done);
      return onDone?.(item);
    },
    onError: () => notifyError(failed),
    onSettled,
  });
  return {
    /** The item the dialog asks about (null when closed). */
    target,
    ask: (item: T) => setTarget(item),
    dialog: {
      opened: target !== null,
      loading: mutation.isPending,
      // A second click while it runs sends nothing (the button is also shown loading).
      onConfirm: () => {
        if (target !== null && !mutation.isPending) mutation.mutate(target);
      },
      onClose: () => setTarget(null),
    },
  };
}
