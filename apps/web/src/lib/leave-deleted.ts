import { type QueryFilters, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/**
 * After a detail's item was deleted: leave the detail first, then drop what was cached about the
 * item, then refresh the lists. In that order, nothing on screen still asks for the deleted item:
 * dropped while its screen is mounted, its queries would load again, fail (404) and say so in red
 * right after the success. The navigation is flushed (`flushSync`), so the detail is unmounted
 * when its queries go. Use it in `useConfirmed`'s `onDone`.
 */
export function useLeaveDeleted() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async (to: string, { drop, refresh }: { drop: QueryFilters[]; refresh: QueryKey }) => {
    await navigate(to, { flushSync: true });
    for (const filters of drop) client.removeQueries(filters);
    await client.invalidateQueries({ queryKey: refresh });
  };
}
