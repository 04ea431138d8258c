import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../api/notifications';
import { intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';

/** One notification of each type of spec 00 §3, with the data its area sends, and where it must lead. */
const CASES: Array<{ type: string; data: Record<string, unknown>; text: string; target: string }> = [
  {
    type: 'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
    data: { sparePartAnnouncementId: 14, sparePartAnnouncementTitle: 'Brûleur fioul' },
    text: 'Votre annonce « Brûleur fioul » arrive à expiration',
    target: '/intranet/spare-parts?id=14',
  },
  {
    type: 'SPARE_PART_ANNOUNCEMENT_HAVE',
    data: {
      sparePartAnnouncementId: 15,
      sparePartAnnouncementTitle: 'Vase d’expansion 18 L',
      applicantFullName: 'Paul Girard',
      agencyName: 'Thermo Lille',
    },
    text: 'Paul Girard (Thermo Lille) dispose de la pièce de votre annonce « Vase d’expansion 18 L »',
    target: '/intranet/spare-parts?id=15',
  },
  {
    type: 'SPARE_PART_ANNOUNCEMENT_WANT',
    data: { sparePartAnnouncementId: 16, sparePartAnnouncementTitle: 'Circulateur', applicantFullName: 'Léa Roux' },
    text: 'Léa Roux est intéressé(e) par votre annonce « Circulateur »',
    target: '/intranet/spare-parts?id=16',
  },
  {
    type: 'NEW_FORUM_THREAD',
    data: { forumId: 2, forumThreadId: 31, forumThreadTitle: 'Pompe à chaleur bruyante' },
    text: 'Nouveau sujet « Pompe à chaleur bruyante » sur le forum',
    target: '/intranet/forum/2/thread/31',
  },
  {
    type: 'NEW_FORUM_POST',
    data: { forumId: 3, forumThreadId: 32, forumThreadTitle: 'Réglage chaudière' },
    text: 'Nouvelle réponse dans le sujet « Réglage chaudière »',
    target: '/intranet/forum/3/thread/32',
  },
  {
    type: 'NEW_NETWORK_ACTUALITY',
    data: { networkActualityId: 7, networkActualityTitle: 'Congrès 2026' },
    text: 'Nouvelle actualité : Congrès 2026',
    target: '/intranet/network-news/7',
  },
  {
    type: 'NEW_DOCUMENT',
    data: { documentBaseId: 4, documentBaseName: 'Centre', documentBaseItemId: 52, documentBaseItemTitle: 'Tarifs 2026' },
    text: 'Nouveau document « Tarifs 2026 » dans la base Centre',
    target: '/intranet/doc-base/4/52',
  },
];

function bellApi(notifications: AppNotification[]) {
  return mockApi(
    intranetHandlers({
      'GET /api/count-all-unread-notifications': () =>
        json(200, { unreadNotificationsCounter: notifications.filter((n) => !n.isRead).length }),
      'GET /api/notifications/mine': () => json(200, { notifications, pageCount: 1 }),
      ...Object.fromEntries(
        notifications.map((n) => [`POST /api/notifications/${n.id}:read`, () => new Response(null, { status: 204 })]),
      ),
      'GET /api/network-applications': () => json(200, { networkApplications: [] }),
      'DELETE /api/delete-all-notifications-read': () => new Response(null, { status: 204 }),
    }),
  );
}

const notification = (id: number, c: (typeof CASES)[number], isRead = false): AppNotification => ({
  id,
  type: c.type,
  isRead,
  data: c.data,
  createdAt: '2026-03-12T09:00:00.000Z',
});

async function openBell() {
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  await waitFor(() => expect(bell).toHaveAccessibleName('Notifications : 1 non lue'));
  await userEvent.setup().click(bell);
  return screen.findByRole('list', { name: 'Notifications' });
}

const readCalls = (api: ReturnType<typeof bellApi>) =>
  api.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/notifications/')).map((c) => c.path);

describe('notification bell: each notification opens its target (spec 00 §3)', () => {
  it.each(CASES)('$type links to $target, and a click marks it read once and goes there', async (c) => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = bellApi([notification(90, c)]);
    const { router } = renderRoute('/intranet/applications');
    // Every address the router goes through: a screen may let go of a query it has read (the
    // spare parts' `?id=` of an announcement this test does not serve).
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    const list = await openBell();
    const link = within(list).getByRole('link', { name: new RegExp(c.text.replace(/[()]/g, '\\$&')) });
    expect(link).toHaveAttribute('href', c.target);
    await userEvent.setup().click(link);
    await waitFor(() => expect(visited).toContain(c.target));
    await waitFor(() => expect(readCalls(api)).toEqual(['/api/notifications/90:read']));
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('opens with the keyboard too: Enter on the link marks it read and goes to its target', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const news = CASES.find((c) => c.type === 'NEW_NETWORK_ACTUALITY')!;
    const api = bellApi([notification(91, news)]);
    const { router } = renderRoute('/intranet/applications');
    const list = await openBell();
    within(list)
      .getByRole('link', { name: /Congrès 2026/ })
      .focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitForPath(router, '/intranet/network-news/7');
    await waitFor(() => expect(readCalls(api)).toEqual(['/api/notifications/91:read']));
  });

  it('does not mark again a notification already read', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const thread = CASES.find((c) => c.type === 'NEW_FORUM_THREAD')!;
    const unread = CASES.find((c) => c.type === 'NEW_DOCUMENT')!;
    const api = bellApi([notification(92, thread, true), notification(93, unread)]);
    const { router } = renderRoute('/intranet/applications');
    const list = await openBell();
    await userEvent.setup().click(within(list).getByRole('link', { name: /Pompe à chaleur bruyante/ }));
    await waitForPath(router, '/intranet/forum/2/thread/31');
    expect(readCalls(api)).toEqual([]);
  });

  it('gives an unknown type no link; clicks only mark it read, once however quick the second', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = bellApi([{ id: 94, type: 'SOMETHING_NEW', isRead: false, data: {}, createdAt: '2026-03-12T09:00:00.000Z' }]);
    const { router } = renderRoute('/intranet/applications');
    const list = await openBell();
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    const item = within(list).getByRole('button', { name: /Nouvelle notification/ });
    // Two activations before the list comes back read (a double click): one mark.
    fireEvent.click(item);
    fireEvent.click(item);
    await waitFor(() => expect(readCalls(api)).toEqual(['/api/notifications/94:read']));
    expect(router.state.location.pathname).toBe('/intranet/applications');
  });
});

describe('notification bell by keyboard (issue 25)', () => {
  it('carries its ARIA on the button, moves the focus into the list, and Esc closes it back on the bell', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const news = CASES.find((c) => c.type === 'NEW_NETWORK_ACTUALITY')!;
    bellApi([notification(95, news)]);
    renderRoute('/intranet/applications');
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications : 1 non lue'));
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveAttribute('aria-haspopup');
    // No other element around the bell says it opens something (axe: aria-allowed-attr on a div).
    expect(document.querySelectorAll('div[aria-expanded], div[aria-haspopup]')).toHaveLength(0);
    const user = userEvent.setup();
    bell.focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const first = within(list).getByRole('link', { name: /Congrès 2026/ });
    await waitFor(() => expect(first).toHaveFocus());
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('notification bell: deleting the read ones (issue 25)', () => {
  it('asks first, then deletes and says so', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const news = CASES.find((c) => c.type === 'NEW_NETWORK_ACTUALITY')!;
    const thread = CASES.find((c) => c.type === 'NEW_FORUM_THREAD')!;
    const api = bellApi([notification(96, news), notification(97, thread, true)]);
    renderRoute('/intranet/applications');
    await openBell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer les lues' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer les notifications lues ?' });
    const deletes = () => api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    expect(deletes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(deletes()).toEqual(['/api/delete-all-notifications-read']));
    expect(await screen.findByText('Les notifications lues ont été supprimées.')).toBeInTheDocument();
  });
});
