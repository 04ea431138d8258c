import { NETWORK_ADMIN_MESSAGES } from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.js';
import { admins, mailOutbox } from '../../db/schema/index.js';

/**
 * Who manages whom among network admins (issue 24): only role 1 grants or removes role 1; a
 * role 1 account's address, role and state are changed by role 1 only; nobody changes their own
 * role. As a table: caller × target × action, each target made anew for the action.
 */
const t = await buildTestApp();
const reachable = { position: 'Responsable', phone: '01 23 45 67 89' };
type Built = Awaited<ReturnType<typeof t.buildAdmin>>;
const make = (roleId: number) => t.buildAdmin({ roleId, ...reachable });

async function call(who: Built, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api${url}`, headers: await t.authHeader(who), ...(payload ? { payload } : {}) });
}

/** What PUT /network-admins/{id} takes, as GET answered it, with `change`. */
async function edited(target: Built, change: object) {
  const root = await make(1);
  const { id: _id, ...current } = (await call(root, 'GET', `/network-admins/${target.id}`)).json() as Record<string, unknown>;
  return { ...current, ...change };
}

type Action = 'renommer' | 'changer l’adresse' | 'rôle 2' | 'rôle 1' | 'rôle 3' | 'désactiver' | 'lien de connexion';
const changes: Record<Exclude<Action, 'lien de connexion'>, (target: Built) => object> = {
  renommer: () => ({ lastName: 'Renommé' }),
  'changer l’adresse': (target) => ({ emailAddress: `pris.${target.id}@pirate.fr` }),
  'rôle 1': () => ({ roleId: 1 }),
  'rôle 2': () => ({ roleId: 2 }),
  'rôle 3': () => ({ roleId: 3 }),
  désactiver: () => ({ isActive: false }),
};

/** Does the action; answers the status, after checking that a refused one changed nothing. */
async function attempt(caller: Built, target: Built, action: Action): Promise<number> {
  const before = (await t.db.select().from(admins).where(eq(admins.id, target.id)))[0]!;
  if (action === 'lien de connexion') {
    const res = await call(caller, 'POST', `/admins/${encodeURIComponent(target.emailAddress)}/open-password-reset`, {
      context: 'init',
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.emailAddress));
    expect(mails.length).toBe(res.statusCode === 204 ? 1 : 0);
    return res.statusCode;
  }
  const res = await call(caller, 'PUT', `/network-admins/${target.id}`, await edited(target, changes[action](target)));
  const after = (await t.db.select().from(admins).where(eq(admins.id, target.id)))[0]!;
  if (res.statusCode !== 200) expect(after).toEqual(before);
  return res.statusCode;
}

const ok = 200;
const linkOk = 204;
/** 403 with the reason; 400 `isActive` is spec 01 §4's "role 1 cannot be disabled". */
const TABLE: Array<[string, string, Record<Action, number>]> = [
  [
    'rôle 2',
    'un rôle 1',
    {
      renommer: ok,
      'changer l’adresse': 403,
      'rôle 1': ok,
      'rôle 2': 403,
      'rôle 3': 403,
      désactiver: 400,
      'lien de connexion': 403,
    },
  ],
  [
    'rôle 2',
    'un autre rôle 2',
    {
      renommer: ok,
      'changer l’adresse': ok,
      'rôle 1': 403,
      'rôle 2': ok,
      'rôle 3': ok,
      désactiver: ok,
      'lien de connexion': linkOk,
    },
  ],
  [
    'rôle 2',
    'lui-même',
    {
      renommer: ok,
      'changer l’adresse': ok,
      'rôle 1': 403,
      'rôle 2': ok,
      'rôle 3': 403,
      désactiver: ok,
      'lien de connexion': linkOk,
    },
  ],
  [
    'rôle 1',
    'un autre rôle 1',
    {
      renommer: ok,
      'changer l’adresse': ok,
      'rôle 1': ok,
      'rôle 2': ok,
      'rôle 3': ok,
      désactiver: 400,
      'lien de connexion': linkOk,
    },
  ],
  [
    'rôle 1',
    'un rôle 2',
    {
      renommer: ok,
      'changer l’adresse': ok,
      'rôle 1': ok,
      'rôle 2': ok,
      'rôle 3': ok,
      désactiver: ok,
      'lien de connexion': linkOk,
    },
  ],
  [
    'rôle 1',
    'lui-même',
    {
      renommer: ok,
      'changer l’adresse': ok,
      'rôle 1': ok,
      'rôle 2': 403,
      'rôle 3': 403,
      désactiver: 400,
      'lien de connexion': linkOk,
    },
  ],
];

describe('who manages whom among network admins', () => {
  it.each(TABLE)('%s → %s', async (callerRole, targetName, expected) => {
    const got: Partial<Record<Action, number>> = {};
    for (const action of Object.keys(expected) as Action[]) {
      const caller = await make(callerRole === 'rôle 1' ? 1 : 2);
      const target =
        targetName === 'lui-même' ? caller : await make(targetName === 'un rôle 2' || targetName === 'un autre rôle 2' ? 2 : 1);
      got[action] = await attempt(caller, target, action);
    }
    expect(got).toEqual(expected);
  });

  it('says why in French, and refuses a new role 1 account to role 2 only', async () => {
    const networkAdmin = await make(2);
    const root = await make(1);
    const res = await call(networkAdmin, 'PUT', `/network-admins/${root.id}`, await edited(root, { roleId: 2 }));
    expect(res.json()).toEqual({ code: 'forbidden', message: NETWORK_ADMIN_MESSAGES.superAdminReserved });
    const own = await call(networkAdmin, 'PUT', `/network-admins/${networkAdmin.id}`, await edited(networkAdmin, { roleId: 3 }));
    expect(own.json()).toEqual({ code: 'forbidden', message: NETWORK_ADMIN_MESSAGES.ownRoleUnchanged });
    const body = {
      firstName: 'Nouvel',
      lastName: 'Administrateur',
      position: 'Direction',
      phone: '01 00 00 00 00',
      emailAddress: `racine.${Date.now()}@reseau.fr`,
      roleId: 1,
      isHidden: false,
      isActive: true,
    };
    expect((await call(networkAdmin, 'POST', '/network-admins', body)).statusCode).toBe(403);
    expect((await call(root, 'POST', '/network-admins', body)).statusCode).toBe(201);
  });
});
