import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmModal';

const loadModal = () => import('./ConfirmModal');
const ConfirmModal = lazy(() => loadModal().then((m) => ({ default: m.ConfirmModal })));

/**
 * A decision the user confirms before it is sent (refusing a quote, deleting an item). The
 * dialog's code (Mantine's Modal with its focus trap and scroll lock, and what they pull in:
 * 20 KB compressed) is not part of the screen's first load: it is fetched once the screen has
 * rendered, and the dialog is mounted when first opened (then kept, for its closing transition).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [mounted, setMounted] = useState(props.opened);
  if (props.opened && !mounted) setMounted(true);
  useEffect(() => {
    void loadModal();
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  ) : null;
}
