import type { AuditLogEntry } from '@reseau/contracts/schemas/audit-log';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '../../../test/browser-stubs';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const IMPERSONATION: AuditLogEntry = {
  id: 41,
  at: '2026-11-28T09:15:00.000Z',
  action: 'auth.impersonation_started',
  actionLabel: 'Connexion en tant qu’un autre utilisateur',
  actor: { id: 1, name: 'Sophie Martin', kind: 'admin' },
  impersonatedAdmin: { id: 12, name: 'Gwenaël Le Bihan' },
  entity: 'admin',
  entityId: '12',
  ipAddress: '192.0.2.10',
  summary: '',
};

const FAILED: AuditLogEntry = {
  id: 40,
  at: '2026-11-28T08:00:00.000Z',
  action: 'auth.admin_sign_in_failed',
  actionLabel: 'Échec de connexion à l’intranet',
  actor: { id: null, name: null, kind: 'none' },
  impersonatedAdmin: null,
  entity: null,
  entityId: null,
  ipAddress: '198.51.100.7',
  summary: 'Adresse saisie : inconnu@exemple.fr',
};

function auditApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/audit-log': ({ url }) =>
        url.searchParams.get('dateFrom')
          ? json(200, { auditLogEntries: [], pageCount: 0 })
          : url.searchParams.get('action') === 'auth.admin_sign_in_failed'
            ? json(200, { auditLogEntries: [FAILED], pageCount: 1 })
            : json(200, { auditLogEntries: [IMPERSONATION, FAILED], pageCount: 3 }),
      'GET /api/audit-log/people': () =>
        json(200, {
          people: [
            { id: 12, name: 'Gwenaël Le Bihan' },
            { id: 1, name: 'Sophie Martin' },
          ],
        }),
      ...overrides,
    }),
  );
}

const listCalls = (api: ReturnType<typeof auditApi>) =>
  api.callsTo('GET', '/api/audit-log').map((c) => Object.fromEntries(c.url.searchParams));

describe('audit log (issue 27 §4, /intranet/audit-log)', () => {
  it('shows role 1 the newest entries with who acted as whom, the address and a summary', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = auditApi();
    renderRoute('/intranet/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: "Journal d'audit" })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Sophie Martin en tant que Gwenaël Le Bihan');
    expect(first).toHaveTextContent('Connexion en tant qu’un autre utilisateur');
    expect(first).toHaveTextContent('192.0.2.10');
    expect(second).toHaveTextContent('Inconnu');
    expect(second).toHaveTextContent('Adresse saisie : inconnu@exemple.fr');
    // The phone's cards say the same.
    const cards = screen.getByRole('list', { name: "Entrées du journal d'audit" });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Sophie Martin en tant que Gwenaël Le Bihan');
    expect(listCalls(api)[0]).toEqual({ pageNumber: '1', pageSize: '50' });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('filters by action and by dates through the address, and says when nothing matches', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = auditApi();
    const { router } = renderRoute('/intranet/audit-log?page=2');
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Échec de connexion à l’intranet' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=auth.admin_sign_in_failed'));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ action: 'auth.admin_sign_in_failed', pageNumber: '1', pageSize: '50' }),
    );

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?action=auth.admin_sign_in_failed&dateFrom=2026-11-01'));
    expect(await screen.findByText('Aucune entrée')).toBeInTheDocument();
  });

  it('exports the same filters as CSV', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = auditApi({
      'GET /api/audit-log.csv': () =>
        new Response('\uFEFFdate;action\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="journal-audit.csv"',
          },
        }),
    });
    stubObjectUrls('blob:audit');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/intranet/audit-log?personId=12');
    await screen.findByRole('table', { name: "Entrées du journal d'audit" });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(saved).toEqual(['journal-audit.csv']));
    expect(api.callsTo('GET', '/api/audit-log.csv')).toHaveLength(1);
    expect(Object.fromEntries(api.callsTo('GET', '/api/audit-log.csv')[0]!.url.searchParams)).toEqual({ personId: '12' });
  });

  it('shows the failure with a retry', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    auditApi({ 'GET /api/audit-log': () => json(500, { code: 'internal', message: 'Erreur' }) });
    renderRoute('/intranet/audit-log');
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('is not in the menu of other roles', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    auditApi();
    renderRoute('/intranet');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    await waitFor(() => expect(within(menu).getAllByRole('link').length).toBeGreaterThan(1));
    expect(within(menu).queryByRole('link', { name: "Journal d'audit" })).not.toBeInTheDocument();
  });
});
