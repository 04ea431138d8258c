import { API_BASE, BOOT_GETS, callerHeadersOf, sendGet } from '../api/early-gets';
import { earlyPaths } from '../app/early-paths';
import { readStoredSession } from '../lib/stored-session';

/*
 * The page's boot script, inlined at the top of index.html (build/boot-script.ts): as soon as the
 * page's HTML is read, it sends the GETs its first screen will make (app/early-paths.ts), for the
 * session the browser keeps. The app's code takes their answers over when it runs (api/early-answers.ts):
 * on the phone profile that code arrives 1 to 2 s later, and the screen's data used to leave only
 * then. It sends nothing for a visitor who is not signed in to the page's area, and can only send
 * what the app itself would: the same paths, the same caller.
 */
try {
  const session = readStoredSession();
  const headers = { accept: 'application/json', ...callerHeadersOf(session) };
  window[BOOT_GETS] = earlyPaths(location.pathname, new URLSearchParams(location.search), session).map((path) =>
    sendGet(`${API_BASE}${path}`, headers),
  );
} catch {
  // Storage refused (a private mode) or unreadable: the app's own loaders send the requests.
}
