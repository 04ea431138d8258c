import { useParams } from 'react-router';
import { useForums } from '../../../api/forums';
import { idParam } from '../../../lib/id-param';

/** The forum of the address (`:forumId`) and its title, once GET /forums has answered. */
export function useForumOfRoute() {
  const params = useParams();
  const forumId = idParam(params.forumId ?? null) ?? 0;
  const forums = useForums();
  const forum = forums.data?.find((f) => f.id === forumId);
  return { forumId, forum, forums, threadId: idParam(params.threadId ?? null) ?? 0 };
}
