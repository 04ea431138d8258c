import { useParams } from 'react-router';
import { useForums } from '../../../api/forums';
import { idParam } from '../../../lib/id-param';

/**
 * The forum of the address (`:forumId`) and its title, once GET /forums has answered.
 * `forbidden`: GET /forums (the forums the caller may read) answered without it, so the screen
 * shows the "Accès refusé" page rather than an empty forum. `readableId` is the forum's id once it
 * is known readable (0 before): the calls that a forbidden forum would refuse wait for it.
 */
export function useForumOfRoute() {
  const params = useParams();
  const forumId = idParam(params.forumId ?? null) ?? 0;
  const forums = useForums();
  const forum = forums.data?.find((f) => f.id === forumId);
  return {
    forumId,
    forum,
    forums,
    forbidden: forums.data !== undefined && forum === undefined,
    readableId: forum ? forumId : 0,
    threadId: idParam(params.threadId ?? null) ?? 0,
  };
}
