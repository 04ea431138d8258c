import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { admins, mailOutbox } from '../../db/schema/index.js';

/**
 * Who manages whom (issue 24): an adherent-level manager reads, edits, archives, sends a
 * connection link to and moderates the forum items of a user only when all of that user's
 * agencies are its own, never a role 4 or 7 user (those it may read); network roles manage every
 * adherent account. The rule as a table: caller × target (role, agencies) × action.
 */
const t = await buildTestApp();

const adherent = await t.buildAdherent({ regionId: 2 });
const agencyA = await t.buildAgency({ adherentId: adherent.id });
const agencyB = await t.buildAgency({ adherentId: adherent.id });
const elsewhere = await t.buildAgency();

type Built = Awaited<ReturnType<typeof t.buildAdmin>>;
const person = { position: 'Poste', phone: '03 20 00 00 00', doNotShowOnMap: true };
const staff = (roleId: number, agencyIds: number[], isAdherentAdmin = false) =>
  t.buildAdmin({ roleId, adherentId: adherent.id, agencyIds, isAdherentAdmin, ...person });

const callers: Record<string, Built> = {
  'directeur (4, A+B)': await staff(4, [agencyA.id, agencyB.id], true),
  'responsable A (7, A)': await staff(7, [agencyA.id]),
  'responsable B (7, B)': await staff(7, [agencyB.id]),
  'collaborateur A (9, A)': await staff(9, [agencyA.id]),
  'administrateur réseau (2)': await t.buildAdmin({ roleId: 2 }),
};

/** The targets, each made anew for every action (an edit or an archive changes it). */
const targets = {
  'utilisateur A (9, A)': () => staff(9, [agencyA.id]),
  'utilisateur B (9, B)': () => staff(9, [agencyB.id]),
  'utilisateur A+B (9, A+B)': () => staff(9, [agencyA.id, agencyB.id]),
  'responsable A (7, A)': () => staff(7, [agencyA.id]),
  'directeur (4, A+B, admin adhérent)': () => staff(4, [agencyA.id, agencyB.id], true),
  'assistante A (5, A, admin adhérent)': () => staff(5, [agencyA.id], true),
  'utilisateur d’un autre adhérent (9)': () =>
    t.buildAdmin({ roleId: 9, agencyIds: [elsewhere.id], adherentId: elsewhere.adherentId, ...person }),
};
type Target = keyof typeof targets;
type Action = 'lire' | 'modifier' | 'archiver' | 'lien' | 'modérer';

/** What each caller may do to each target; anything absent is refused. */
const ALL: Action[] = ['lire', 'modifier', 'archiver', 'lien', 'modérer'];
const READ_ONLY: Action[] = ['lire'];
const RULE: Record<string, Partial<Record<Target, Action[]>>> = {
  'directeur (4, A+B)': {
    'utilisateur A (9, A)': ALL,
    'utilisateur B (9, B)': ALL,
    'utilisateur A+B (9, A+B)': ALL,
    'responsable A (7, A)': READ_ONLY,
    'directeur (4, A+B, admin adhérent)': READ_ONLY,
    'assistante A (5, A, admin adhérent)': ALL,
  },
  'responsable A (7, A)': {
    'utilisateur A (9, A)': ALL,
    'responsable A (7, A)': READ_ONLY,
    'assistante A (5, A, admin adhérent)': ALL,
  },
  'responsable B (7, B)': {
    'utilisateur B (9, B)': ALL,
  },
  'collaborateur A (9, A)': {},
  'administrateur réseau (2)': Object.fromEntries(Object.keys(targets).map((k) => [k, ALL])),
};

async function call(who: Built, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

const network = callers['administrateur réseau (2)']!;
const rowOf = async (id: number) => (await t.db.select().from(admins).where(eq(admins.id, id)))[0]!;

/** Does `action` on `target` as `caller`; answers whether it was allowed, after checking nothing changed when refused. */
async function attempt(caller: Built, action: Action, target: Built): Promise<boolean> {
  const adminRoute = target.isAdherentAdmin ? 'adherent-admins' : 'adherent-users';
  switch (action) {
    case 'lire': {
      const res = await call(caller, 'GET', `/${adminRoute}/${target.id}`);
      expect([200, 403, 404]).toContain(res.statusCode);
      if (res.statusCode === 200) return true;
      // Nor is it in the caller's lists.
      const list = await call(caller, 'GET', `/${adminRoute}?adherentId=${adherent.id}`);
      if (list.statusCode === 200) {
        const rows = (list.json() as Record<string, { id: number }[]>)[
          target.isAdherentAdmin ? 'adherentAdmins' : 'adherentUsers'
        ]!;
        expect(rows.map((r) => r.id)).not.toContain(target.id);
      }
      return false;
    }
    case 'modifier': {
      // The takeover of the review: a new address, then a connection link to it.
      const current = (await call(network, 'GET', `/${adminRoute}/${target.id}`)).json() as Record<string, unknown>;
      const { id: _id, isAdherentAdmin: _flag, ...body } = current;
      const res = await call(caller, 'PUT', `/${adminRoute}/${target.id}`, {
        ...body,
        emailAddress: `pris.${target.id}@pirate.fr`,
      });
      const changed = (await rowOf(target.id)).emailAddress !== target.emailAddress;
      expect(changed).toBe(res.statusCode === 200);
      return res.statusCode === 200;
    }
    case 'archiver': {
      const res = await call(caller, 'POST', `/adherent-users/${target.id}:archive`);
      expect((await rowOf(target.id)).archivedAt !== null).toBe(res.statusCode === 204);
      return res.statusCode === 204;
    }
    case 'lien': {
      const res = await call(caller, 'POST', `/admins/${encodeURIComponent(target.emailAddress)}/open-password-reset`, {
        context: 'init',
      });
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.emailAddress));
      expect(mails.length).toBe(res.statusCode === 204 ? 1 : 0);
      return res.statusCode === 204;
    }
    case 'modérer': {
      // A thread of the adherents' forum (1) by the target, closed by the caller.
      const agencyId = target.agencyIds[0]!;
      const thread = {
        forumId: 1,
        forumThemeId: 1,
        title: 'Sujet à modérer',
        content: '<p>Texte</p>',
        agencyId,
        joinedFiles: [],
      };
      const opened = await call(target, 'POST', '/forum-threads', thread);
      expect(opened.statusCode, opened.body).toBe(201);
      const id = (opened.json() as { id: number }).id;
      const seen = (await call(caller, 'GET', `/forum-threads/${id}`)).json() as { isEditable?: boolean };
      const { forumId: _f, agencyId: _a, ...update } = thread;
      const res = await call(caller, 'PUT', `/forum-threads/${id}`, { ...update, isClosed: true });
      expect([204, 403, 404]).toContain(res.statusCode);
      // The screen's flag says the same as the server.
      expect(seen.isEditable ?? false).toBe(res.statusCode === 204);
      return res.statusCode === 204;
    }
  }
}

describe('who manages whom among adherent accounts', () => {
  for (const [callerName, caller] of Object.entries(callers)) {
    describe(callerName, () => {
      for (const [targetName, make] of Object.entries(targets) as [Target, () => Promise<Built>][]) {
        it(`→ ${targetName}`, async () => {
          const allowed = RULE[callerName]?.[targetName] ?? [];
          const got: Action[] = [];
          for (const action of ALL) {
            // Forum 1 is not open to role 5: its items are moderated in forum 3, by the same rule.
            if (action === 'modérer' && targetName.startsWith('assistante')) continue;
            if (await attempt(caller, action, await make())) got.push(action);
          }
          const expected = targetName.startsWith('assistante') ? allowed.filter((a) => a !== 'modérer') : allowed;
          expect(got).toEqual(expected);
        });
      }
    });
  }

  it('keeps an adherent-level manager’s new or edited user within its own agencies', async () => {
    const manager = callers['responsable A (7, A)']!;
    // An adherent admin made by an agency manager gets the manager's agencies, not the adherent's.
    const created = await call(manager, 'POST', '/adherent-admins', {
      adherentId: adherent.id,
      firstName: 'Nina',
      lastName: 'Roux',
      position: 'Assistante',
      phone: '03 20 00 00 01',
      emailAddress: `nina.${Date.now()}@adherent.fr`,
      roleId: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { agencies: { agencyId: number }[] }).agencies).toEqual([{ agencyId: agencyA.id }]);
    const withB = await call(manager, 'POST', '/adherent-admins', {
      adherentId: adherent.id,
      firstName: 'Paul',
      lastName: 'Roux',
      position: 'Assistant',
      phone: '03 20 00 00 02',
      emailAddress: `paul.${Date.now()}@adherent.fr`,
      roleId: 5,
      agencies: [{ agencyId: agencyA.id }, { agencyId: agencyB.id }],
    });
    expect(withB.statusCode).toBe(400);
    expect(withB.json()).toMatchObject({ code: 'validation_failed', errors: { agencies: [expect.any(String)] } });
    const userWithB = await call(manager, 'POST', '/adherent-users', {
      firstName: 'Léa',
      lastName: 'Roux',
      position: 'Technicienne',
      phone: '03 20 00 00 03',
      emailAddress: `lea.${Date.now()}@adherent.fr`,
      roleId: 9,
      agencies: [{ agencyId: agencyB.id }],
    });
    expect(userWithB.statusCode).toBe(400);
  });
});
