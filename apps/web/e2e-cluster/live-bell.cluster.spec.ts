import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from '../e2e/accounts';

/*
 * Issue 31 §2: a reply written through one instance reaches, live, the bell of a user whose page
 * another instance serves. Two technicians of agencies of their own (POST /dev/fixtures/forum-user),
 * so the demo accounts stay as seeded; the thread, and the notifications it made, go at the end.
 */

interface ForumUser {
  emailAddress: string;
  password: string;
  agencyId: number;
  fullName: string;
}

/** What the page saw: every fetch it started and every event its live stream carried (page clock, ms). */
interface LiveProbe {
  calls: { path: string; at: number }[];
  events: { event: string; at: number }[];
}

declare global {
  interface Window {
    __liveProbe?: LiveProbe;
  }
}

const TECHNICAL_FORUM = 2;
/** The requests the bell makes: its count and its list. */
const BELL_PATHS = ['/api/count-all-unread-notifications', '/api/notifications/mine'];

function instanceUrl(name: 'CLUSTER_APP1_URL' | 'CLUSTER_APP2_URL'): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} absent : lancez ces parcours avec playwright.cluster.config.ts (il démarre le cluster).`);
  return url;
}

async function newTechnician(request: APIRequestContext, base: string): Promise<ForumUser> {
  const answer = await request.post(`${base}/dev/fixtures/forum-user`);
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as ForumUser;
}

/** The bell's accessible name for a count of unread notifications (fr.intranet.json, notifications.bell*). */
const bellName = (unread: number) =>
  unread === 0 ? 'Notifications' : `Notifications : ${unread} ${unread === 1 ? 'non lue' : 'non lues'}`;

/**
 * Records, in the page, what its fetches were and which events its live stream brought, without
 * changing what the app reads: the stream's body passes through the probe on its way to the app.
 */
function probeLiveStream(page: Page) {
  return page.addInitScript(() => {
    const probe: LiveProbe = { calls: [], events: [] };
    window.__liveProbe = probe;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      probe.calls.push({ path: url.pathname, at: Date.now() });
      const response = await original(input, init);
      if (url.pathname !== '/api/live-events' || !response.body) return response;
      // Each chunk is read here, its events noted, then handed on: the app sees an event only
      // after the probe has, so a request the event causes is never noted before it.
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const forApp = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              controller.close();
              return;
            }
            buffer += decoder.decode(value, { stream: true });
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const event = /^event: ?(.*)$/m.exec(buffer.slice(0, end))?.[1];
              buffer = buffer.slice(end + 2);
              if (event) probe.events.push({ event, at: Date.now() });
            }
            controller.enqueue(value);
          } catch (err) {
            // The app aborted its stream (a new page, a sign-out): it sees the same failure.
            controller.error(err);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(forApp, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  });
}

/** The author's thread in the technical forum, opened through `base`; with the author's API headers, to delete it. */
async function openThread(request: APIRequestContext, base: string, author: ForumUser, title: string) {
  const signedIn = await request.post(`${base}/api/auth/admin`, {
    data: { emailAddress: author.emailAddress, password: author.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await signedIn.json()) as { accessToken: string }).accessToken}` };
  const themes = await request.get(`${base}/api/forum-themes`, { headers, params: { forumId: TECHNICAL_FORUM } });
  const [theme] = ((await themes.json()) as { forumThemes: { id: number }[] }).forumThemes;
  expect(theme, 'the technical forum has a theme').toBeDefined();
  const created = await request.post(`${base}/api/forum-threads`, {
    headers,
    data: {
      forumId: TECHNICAL_FORUM,
      forumThemeId: theme!.id,
      title,
      content: '<p>La pression retombe à 0,5 bar chaque nuit, sans fuite visible.</p>',
      agencyId: author.agencyId,
      joinedFiles: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { threadId: ((await created.json()) as { id: number }).id, headers };
}

/** Answers the thread through its page; the moment of the click on « Envoyer la réponse » (ms). */
async function replyThroughUi(page: Page, threadId: number, title: string): Promise<number> {
  await page.goto(`/intranet/forum/${TECHNICAL_FORUM}/thread/${threadId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const replyForm = page.getByRole('form', { name: 'Répondre au sujet' });
  await replyForm.getByRole('textbox', { name: 'Votre réponse' }).click();
  await page.keyboard.type('Contrôlez le vase d’expansion : sa pression de gonflage doit être de 1 bar.');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/forum-posts');
  const sentAt = Date.now();
  await replyForm.getByRole('button', { name: 'Envoyer la réponse' }).click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  expect(new URL(answer.url()).origin, 'the reply went through the page’s own instance').toBe(new URL(page.url()).origin);
  return sentAt;
}

/**
 * Live, not polled: an event came on the page's stream after `since`, and the bell was read again
 * only after it. Answers when the event arrived (ms).
 */
async function expectBellReadAfterLiveEvent(page: Page, since: number): Promise<number> {
  const probe = (await page.evaluate(() => window.__liveProbe)) as LiveProbe;
  const event = probe.events.find((e) => e.event === 'notifications' && e.at >= since);
  expect(event, 'a notifications event on the stream after the reply').toBeDefined();
  const bellReads = probe.calls.filter((c) => c.at >= since && BELL_PATHS.includes(c.path));
  expect(bellReads.length, 'the bell was read again').toBeGreaterThan(0);
  expect(
    bellReads.filter((c) => c.at < event!.at),
    `no bell request before the event (${event!.at})`,
  ).toEqual([]);
  return event!.at;
}

test('a reply written through instance A shows at once on the bell of its thread’s author, whose page instance B serves', async ({
  browser,
  request,
}) => {
  const app1 = instanceUrl('CLUSTER_APP1_URL');
  const app2 = instanceUrl('CLUSTER_APP2_URL');
  const title = `Pression qui chute la nuit ${Date.now().toString(36)}`;
  const replier = await newTechnician(request, app1);
  const author = await newTechnician(request, app2);
  const { threadId, headers } = await openThread(request, app2, author, title);

  const contextA = await browser.newContext({ baseURL: app1 });
  const contextB = await browser.newContext({ baseURL: app2 });
  try {
    // B, the author, on instance B: the bell's list open, the live stream ready.
    const pageB = await contextB.newPage();
    await probeLiveStream(pageB);
    await signInThroughApi(pageB, 'intranet', author);
    await pageB.goto('/intranet');
    const bell = pageB.getByRole('button', { name: /^Notifications( : \d+ non lues?)?$/ });
    await expect(bell).toBeVisible();
    const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await bell.click();
    const reply = pageB.getByText(`Nouvelle réponse dans le sujet « ${title} »`);
    await expect(
      pageB.getByText('Aucune notification pour le moment.').or(pageB.getByRole('list', { name: 'Notifications' })),
    ).toBeVisible();
    await expect(reply).toHaveCount(0);
    // Whatever B's browser asks for from here on: a page load would be a reload.
    const loadsOfB: string[] = [];
    pageB.on('request', (r) => {
      if (r.resourceType() === 'document') loadsOfB.push(r.url());
    });
    await expect
      .poll(() => pageB.evaluate(() => window.__liveProbe?.events.some((e) => e.event === 'ready') ?? false), {
        message: 'B’s live stream is open',
      })
      .toBe(true);

    // A, the replier, on instance A.
    const pageA = await contextA.newPage();
    await signInThroughApi(pageA, 'intranet', replier);
    const sentAt = await replyThroughUi(pageA, threadId, title);

    // B's bell counts it and lists it, with no reload, well within the 60 s of the polling fallback.
    const expected = bellName(before + 1);
    const shownAt = await pageB
      .waitForFunction((name) => (document.querySelector(`button[aria-label="${name}"]`) ? Date.now() : 0), expected, {
        polling: 50,
        timeout: 5_000,
      })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    expect(shownAt, `B’s bell reads « ${expected} » within 5 s`).not.toBeNull();
    await expect(bell).toHaveAccessibleName(expected);
    await expect(reply).toBeVisible({ timeout: 5_000 });
    const eventAt = await expectBellReadAfterLiveEvent(pageB, sentAt);
    const delay = `${shownAt! - sentAt} ms du clic « Envoyer » (instance A) à la cloche de B (instance B), dont ${eventAt - sentAt} ms jusqu’à l’événement sur le flux de B`;
    test.info().annotations.push({ type: 'délai cloche', description: delay });
    console.log(`Délai observé : ${delay}.`);
    expect(loadsOfB, 'B’s page was not reloaded').toEqual([]);
  } finally {
    await contextA.close();
    await contextB.close();
    // The thread goes with its reply and the notifications both made.
    const removed = await request.delete(`${app2}/api/forum-threads/${threadId}`, { headers });
    expect(removed.status()).toBe(204);
  }
});
