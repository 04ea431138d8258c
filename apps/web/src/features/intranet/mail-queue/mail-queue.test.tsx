import type { MailQueueStateAnswer } from '@reseau/contracts/schemas/mail-queue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const FAILING: MailQueueStateAnswer = {
  counts: { pending: 2, sending: 0, sent: 140, dead: 1 },
  jobs: { pending: 0, dead: 0 },
  failures: [
    {
      id: 7,
      to: 'client@exemple.fr',
      subject: 'Votre facture est disponible',
      state: 'dead',
      attempts: 8,
      error: '550 5.1.1 Mailbox unavailable',
      createdAt: '2026-11-27T08:00:00.000Z',
      nextAttemptAt: null,
    },
    {
      id: 9,
      to: 'tech@agence.fr',
      subject: 'Réinitialisation de votre mot de passe',
      state: 'pending',
      attempts: 2,
      error: '451 4.7.1 Try again later',
      createdAt: '2026-11-28T09:00:00.000Z',
      nextAttemptAt: '2026-11-28T09:02:00.000Z',
    },
  ],
  jobFailures: [],
  waitingJobs: [],
};

const FAILING_JOBS: MailQueueStateAnswer = {
  ...FAILING,
  jobs: { pending: 1, dead: 1 },
  jobFailures: [
    {
      id: 31,
      kind: 'import_mails',
      state: 'dead',
      attempts: 8,
      error: 'connection terminated',
      createdAt: '2026-11-28T07:00:00.000Z',
      nextAttemptAt: null,
    },
    {
      id: 32,
      kind: 'client_password_reset',
      state: 'pending',
      attempts: 1,
      error: 'timeout',
      createdAt: '2026-11-28T09:00:00.000Z',
      nextAttemptAt: '2026-11-28T09:01:00.000Z',
    },
  ],
};

function queueApi(overrides: Record<string, Handler> = {}) {
  const state = { answer: FAILING };
  const api = mockApi(
    intranetHandlers({
      'GET /api/mail-queue': () => json(200, state.answer),
      'POST /api/mail-queue/7:retry': () => {
        state.answer = { ...FAILING, counts: { ...FAILING.counts, pending: 3, dead: 0 }, failures: FAILING.failures.slice(1) };
        return new Response(null, { status: 204 });
      },
      ...overrides,
    }),
  );
  return api;
}

describe('mail queue (issue 31 §3 /intranet/mail-queue)', () => {
  it('shows role 1 the counts and each failing mail with its reason; a dead one is sent again', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = queueApi();
    renderRoute('/intranet/mail-queue');
    expect(await screen.findByRole('heading', { level: 1, name: "File d'envoi des emails" })).toBeInTheDocument();
    const counts = await screen.findByRole('list', { name: 'État de la file' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2En attente',
      "0En cours d'envoi",
      '140Envoyés',
      '1En échec définitif',
      '0Tâches différées en attente',
      '0Tâches différées en échec',
    ]);
    const table = screen.getByRole('table', { name: 'Liste des envois en échec' });
    const [dead, retrying] = within(table).getAllByRole('row').slice(1);
    expect(dead).toHaveTextContent('client@exemple.fr');
    expect(dead).toHaveTextContent('Échec définitif');
    expect(dead).toHaveTextContent('550 5.1.1 Mailbox unavailable');
    expect(retrying).toHaveTextContent('Nouvel essai prévu');
    expect(retrying).toHaveTextContent('451 4.7.1 Try again later');
    // Only a mail in final failure is sent again by hand: the other one retries by itself.
    expect(within(retrying as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    await userEvent
      .setup()
      .click(within(dead as HTMLElement).getByRole('button', { name: "Relancer l'envoi à client@exemple.fr" }));
    expect(await screen.findByText("L'email sera renvoyé dans quelques secondes.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/mail-queue/7:retry')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('client@exemple.fr')).not.toBeInTheDocument());
  });

  it('shows the failing deferred jobs with their reason; a dead one is relaunched', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const state = { answer: FAILING_JOBS };
    const api = queueApi({
      'GET /api/mail-queue': () => json(200, state.answer),
      'POST /api/mail-queue/jobs/31:retry': () => {
        state.answer = { ...FAILING_JOBS, jobs: { pending: 2, dead: 0 }, jobFailures: FAILING_JOBS.jobFailures.slice(1) };
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/intranet/mail-queue');
    const table = await screen.findByRole('table', { name: 'Liste des tâches différées en échec' });
    const [dead, retrying] = within(table).getAllByRole('row').slice(1);
    expect(dead).toHaveTextContent('Emails aux clients après un import');
    expect(dead).toHaveTextContent('Échec définitif');
    expect(dead).toHaveTextContent('connection terminated');
    expect(retrying).toHaveTextContent('Mot de passe oublié (espace client)');
    expect(retrying).toHaveTextContent('Nouvel essai prévu');
    expect(within(retrying as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    await userEvent
      .setup()
      .click(
        within(dead as HTMLElement).getByRole('button', { name: 'Relancer la tâche n° 31 (Emails aux clients après un import)' }),
      );
    expect(await screen.findByText('La tâche sera relancée dans quelques secondes.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/mail-queue/jobs/31:retry')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('connection terminated')).not.toBeInTheDocument());
  });

  it('a 409 on a job’s retry shows why', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const sentence = "Cette tâche n'est pas en échec définitif : elle est déjà faite ou en cours de nouvel essai.";
    queueApi({
      'GET /api/mail-queue': () => json(200, FAILING_JOBS),
      'POST /api/mail-queue/jobs/31:retry': () => json(409, { code: 'conflict', message: sentence }),
    });
    renderRoute('/intranet/mail-queue');
    const table = await screen.findByRole('table', { name: 'Liste des tâches différées en échec' });
    await userEvent
      .setup()
      .click(within(table).getByRole('button', { name: 'Relancer la tâche n° 31 (Emails aux clients après un import)' }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('lists the jobs waiting their first try, oldest first, with when each goes', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    queueApi({
      'GET /api/mail-queue': () =>
        json(200, {
          ...FAILING,
          jobs: { pending: 2, dead: 0 },
          waitingJobs: [
            {
              id: 40,
              kind: 'admin_password_reset',
              state: 'pending',
              attempts: 0,
              error: null,
              createdAt: '2026-11-28T09:00:00.000Z',
              nextAttemptAt: '2026-11-28T09:00:00.000Z',
            },
            {
              id: 41,
              kind: 'import_mails',
              state: 'pending',
              attempts: 0,
              error: null,
              createdAt: '2026-11-28T09:05:00.000Z',
              nextAttemptAt: '2026-11-28T09:15:00.000Z',
            },
          ],
        }),
    });
    renderRoute('/intranet/mail-queue');
    const table = await screen.findByRole('table', { name: 'Liste des tâches différées en attente' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Mot de passe oublié (intranet)');
    expect(first).toHaveTextContent('En attente');
    expect(second).toHaveTextContent('Emails aux clients après un import');
    // Nothing to relaunch: they have not failed.
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing fails', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    queueApi({ 'GET /api/mail-queue': () => json(200, { ...FAILING, counts: { ...FAILING.counts, dead: 0 }, failures: [] }) });
    renderRoute('/intranet/mail-queue');
    expect(await screen.findByText('Aucun envoi en échec')).toBeInTheDocument();
    expect(screen.getByText('Aucune tâche différée en échec')).toBeInTheDocument();
    expect(screen.getByText('Aucune tâche en attente')).toBeInTheDocument();
  });

  it('reads the queue again on « Actualiser », without waiting for the next 30 s', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const state = { answer: FAILING };
    queueApi({ 'GET /api/mail-queue': () => json(200, state.answer) });
    renderRoute('/intranet/mail-queue');
    expect(await screen.findByText('client@exemple.fr')).toBeInTheDocument();
    // The SMTP was fixed and the dead mail retried elsewhere: the page shows it once asked.
    state.answer = { ...FAILING, counts: { ...FAILING.counts, dead: 0 }, failures: [] };
    await userEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    expect(await screen.findByText('Aucun envoi en échec')).toBeInTheDocument();
    expect(screen.queryByText('client@exemple.fr')).not.toBeInTheDocument();
  });

  it('a 409 on the retry shows why', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const sentence = "Ce message n'est pas en échec définitif : il est déjà envoyé ou en cours de nouvel essai.";
    queueApi({ 'POST /api/mail-queue/7:retry': () => json(409, { code: 'mail_not_dead', message: sentence }) });
    renderRoute('/intranet/mail-queue');
    const table = await screen.findByRole('table', { name: 'Liste des envois en échec' });
    await userEvent.setup().click(within(table).getByRole('button', { name: "Relancer l'envoi à client@exemple.fr" }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('is refused to any other role, and not in its menu', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    const api = queueApi();
    renderRoute('/intranet/mail-queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "File d'envoi des emails" })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/mail-queue')).toHaveLength(0);
  });
});
