import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencyWithKey as agencyWithKeyOf } from '../../../test/agency-keys.js';
import { pdfBytes } from '../../../test/extranet-factories.js';
import { buildTestApp } from '../../../test/helper.js';
import { agencyContractQuotations, clientAgencies, importRefs, imports } from '../../db/schema/index.js';
import { runImportCommand } from './command.js';

/**
 * The command against the real app listening on a port: the same HTTP calls as against a
 * running server, with the clock's waits handed to a recorder instead of setTimeout.
 */
const t = await buildTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const folder = await mkdtemp(join(tmpdir(), 'import-command-'));

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

const agencyWithKey = () => agencyWithKeyOf(t, 'Logiciel atelier');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  waits: number[];
  calls: string[];
}

/** Runs the command as a user would type it from `folder`, the key in the environment. */
async function run(argv: string[], apiKey: string, fetchImpl: typeof fetch = fetch): Promise<Run> {
  const out = { stdout: '', stderr: '', waits: [] as number[], calls: [] as string[] };
  const code = await runImportCommand({
    argv: [...argv, '--url', url],
    env: { RESEAU_API_KEY: apiKey },
    cwd: folder,
    stdout: { write: (s: string) => (out.stdout += s) },
    stderr: { write: (s: string) => (out.stderr += s) },
    sleep: async (ms) => {
      out.waits.push(ms);
    },
    fetch: (input, init) => {
      out.calls.push(`${init?.method} ${new URL(String(input)).pathname}`);
      return fetchImpl(input, init);
    },
  });
  return { code, ...out };
}

/** Clients K1…Kn, one a record; `replace` swaps records by number. */
const clientsCsv = (tag: string, rows: number, replace: Record<number, string> = {}) => {
  const records = ['externalRef;email;firstName;lastName;note'];
  for (let i = 1; i <= rows; i += 1) {
    // A quoted line break in a column the import ignores: the cut must keep it in its record.
    const note = i % 1000 === 1 ? '"rappeler\r\nle matin"' : '';
    records.push(replace[i] ?? `K${i};c${i}-${tag}@test.fr;Prénom${i};Nom;${note}`);
  }
  return `${records.join('\r\n')}\r\n`;
};

async function linkedClients(agencyId: number) {
  const [row] = await t.db.select({ n: count() }).from(clientAgencies).where(eq(clientAgencies.agencyId, agencyId));
  return row!.n;
}

describe('npm run import: a CSV of clients', () => {
  it('cuts a file of more than 5 000 lines in calls of 5 000, reports refused lines with their line in the file, and a rerun changes nothing', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    // Records 1, 1001, 2001… span two lines (their note): record 2 starts on line 4, record 5002 on 5009.
    const csv = clientsCsv(tag, 5003, { 2: 'K2;pas-une-adresse;Prénom2;Nom;', 5002: `K5002;c5002-${tag}@test.fr;;Nom;` });
    await writeFile(join(folder, `clients-${tag}.csv`), csv);

    const first = await run(
      ['--agency', String(agencyId), '--type', 'client', `clients-${tag}.csv`, '--errors-csv', `errors-${tag}.csv`],
      apiKey,
    );
    expect(first.stderr).toContain(`de l'agence n° ${agencyId}`);
    expect(first.calls.filter((c) => c === 'POST /api/imports')).toHaveLength(2);
    expect(first.code).toBe(2);
    expect(first.stdout).toMatch(/créés : 5\s001 · mis à jour : 0 · inchangés : 0 · en erreur : 2/);
    expect(first.stdout).toContain('ligne 4 (K2) : email :');
    expect(first.stdout).toContain(`ligne 5009 (K5002) : firstName :`);
    const ids = await t.db.select({ id: imports.id }).from(imports).where(eq(imports.agencyId, agencyId)).orderBy(imports.id);
    expect(ids).toHaveLength(2);
    expect(first.stdout).toContain(`Imports n° ${ids[0]!.id}, ${ids[1]!.id}`);
    expect(await linkedClients(agencyId)).toBe(5001);
    const errors = await readFile(join(folder, `errors-${tag}.csv`), 'utf8');
    expect(errors.split('\r\n')[0]).toBe('\uFEFFfichier;ligne;externalRef;champ;message');
    expect(errors).toContain(`clients-${tag}.csv;4;K2;email;`);

    const again = await run(['--agency', String(agencyId), '--type', 'client', `clients-${tag}.csv`], apiKey);
    expect(again.stdout).toMatch(/créés : 0 · mis à jour : 0 · inchangés : 5\s001 · en erreur : 2/);
    expect(again.code).toBe(2);
    expect(await linkedClients(agencyId)).toBe(5001);
  }, 180_000);

  it('answers 0 when every line went in, waits as the server asks on 429 and tries again after a dropped connection', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    await writeFile(join(folder, `few-${tag}.csv`), clientsCsv(tag, 3));
    let posts = 0;
    const flaky: typeof fetch = async (input, init) => {
      if (init?.method === 'POST') {
        posts += 1;
        if (posts === 1)
          return new Response('{"code":"too_many_requests","message":"Trop de requêtes"}', {
            status: 429,
            headers: { 'retry-after': '7' },
          });
        if (posts === 2) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      }
      return fetch(input, init);
    };
    const result = await run(['--agency', String(agencyId), '--type', 'client', `few-${tag}.csv`], apiKey, flaky);
    expect(result.waits).toEqual([7000, 2000]);
    expect(result.stderr).toContain("Trop d'appels pour la clé : nouvel essai dans 7 s");
    expect(result.stdout).toContain('créés : 3 ·');
    expect(result.stdout).toContain('Terminé, sans erreur.');
    expect(result.code).toBe(0);
  });

  it('stops with the server’s message on a refused call (4xx other than 429), after reporting what went in', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    await writeFile(join(folder, `refused-${tag}.csv`), clientsCsv(tag, 3));
    const refusing: typeof fetch = async (input, init) =>
      init?.method === 'POST'
        ? new Response('{"code":"validation_failed","message":"Un envoi contient au moins un élément."}', { status: 400 })
        : fetch(input, init);
    const result = await run(['--agency', String(agencyId), '--type', 'client', `refused-${tag}.csv`], apiKey, refusing);
    expect(result.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(result.stdout).toContain('Import interrompu : Un envoi contient au moins un élément.');
    expect(result.code).toBe(1);
  });

  it('fails (exit code 1) when the errors file cannot be written, after the report', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    await writeFile(join(folder, `ok-${tag}.csv`), clientsCsv(tag, 1));
    const result = await run(
      ['--agency', String(agencyId), '--type', 'client', `ok-${tag}.csv`, '--errors-csv', `absent-${tag}/erreurs.csv`],
      apiKey,
    );
    expect(result.stdout).toContain('créés : 1 ·');
    expect(result.stderr).toContain("Erreur : le fichier des erreurs n'a pas pu être écrit");
    expect(result.code).toBe(1);
  });

  it('refuses a revoked or unknown key (401) in one line, exit code 1', async () => {
    const { agencyId, apiKey, director } = await agencyWithKey();
    const [key] = (
      await t.app.inject({ method: 'GET', url: `/api/agencies/${agencyId}/api-keys`, headers: await t.authHeader(director) })
    ).json().agencyApiKeys as { id: number }[];
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/agency-api-keys/${key!.id}`,
      headers: await t.authHeader(director),
    });
    expect(revoked.statusCode).toBe(204);
    for (const refused of [apiKey, 'rk_inconnue']) {
      const result = await run(['--agency', String(agencyId), '--type', 'document', '--dir', '.'], refused);
      expect(result.stderr).toMatch(/^Erreur : Clé d'API refusée \(401\) : .+\n$/);
      expect(result.calls).toEqual(['GET /api/agency-api-keys:current']);
      expect(result.code).toBe(1);
    }
  });

  it('says in one line that the server does not answer, without waiting to try again', async () => {
    const unreachable: typeof fetch = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const result = await run(['--agency', '1', '--type', 'document', '--dir', '.'], 'rk_1', unreachable);
    expect(result.stderr).toBe(
      `Erreur : Le serveur ${url} ne répond pas (ECONNREFUSED) : vérifiez --url et que le serveur est démarré.\n`,
    );
    expect(result.waits).toEqual([]);
    expect(result.code).toBe(1);
  });
});

describe('npm run import: the agency is checked before anything is sent', () => {
  it('refuses a key of agency A run with --agency B: nothing sent, exit code 1 (the real entry, paths from INIT_CWD)', async () => {
    const a = await agencyWithKey();
    const b = await agencyWithKey();
    const tag = unique();
    await writeFile(join(folder, `other-${tag}.csv`), clientsCsv(tag, 2));
    const main = resolve(dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', main, '--agency', String(b.agencyId), '--type', 'client', `other-${tag}.csv`, '--url', url],
      { cwd: process.cwd(), env: { ...process.env, RESEAU_API_KEY: a.apiKey, INIT_CWD: folder } },
    ).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`est celle de l'agence n° ${a.agencyId}`);
    expect(failure?.stderr).toContain(`pas de l'agence n° ${b.agencyId} : rien n'a été envoyé.`);
    for (const agencyId of [a.agencyId, b.agencyId]) {
      expect(await t.db.select().from(imports).where(eq(imports.agencyId, agencyId))).toEqual([]);
      expect(await linkedClients(agencyId)).toBe(0);
    }
  });
});

describe('npm run import --dir: PDFs named by reference', () => {
  it('imports the quotations of a CSV, then attaches their PDFs; an unknown reference is a refused file; a rerun is unchanged', async () => {
    const { agencyId, apiKey } = await agencyWithKey();
    const tag = unique();
    const email = `pdf-${tag}@test.fr`;
    const seeded = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { 'x-api-key': apiKey },
      payload: {
        items: [
          { type: 'client', externalRef: 'K', email, firstName: 'Léa', lastName: 'Roy' },
          { type: 'contract', externalRef: 'C', clientEmail: email, route: '1 rue', postalCode: '69001', locality: 'Lyon' },
        ],
      },
    });
    expect(seeded.statusCode).toBe(200);
    await writeFile(
      join(folder, `quotations-${tag}.csv`),
      'externalRef,contractRef,amountIncludingTax,issueDate,isAccepted\nDEV-1,C,120000,2026-01-20,non\nDEV-2,C,5000,2026-01-21,\n',
    );
    const pdfs = join(folder, `pdfs-${tag}`);
    await mkdir(pdfs);
    await writeFile(join(pdfs, 'DEV-1.pdf'), await pdfBytes('Devis 1'));
    await writeFile(join(pdfs, 'DEV-2.pdf'), await pdfBytes('Devis 2'));
    await writeFile(join(pdfs, 'DEV-404.pdf'), await pdfBytes('Devis inconnu'));
    await writeFile(join(pdfs, 'notes.txt'), 'pas un PDF');
    const argv = ['--agency', String(agencyId), '--type', 'quotation', `quotations-${tag}.csv`, '--dir', `pdfs-${tag}`];

    const first = await run(argv, apiKey);
    expect(first.calls.slice(1)).toEqual([
      'POST /api/imports',
      'PUT /api/imports/files/quotation/DEV-1',
      'PUT /api/imports/files/quotation/DEV-2',
      'PUT /api/imports/files/quotation/DEV-404',
    ]);
    expect(first.stdout).toMatch(/quotations-\w+\.csv : 2 lignes en 1 envoi\n {2}créés : 2 ·/);
    expect(first.stdout).toMatch(/pdfs-\w+\/ : 3 PDF\n {2}créés : 2 · mis à jour : 0 · inchangés : 0 · en erreur : 1/);
    expect(first.stdout).toContain("DEV-404.pdf : Aucun élément importé de ce type n'a cette référence dans l'agence");
    expect(first.code).toBe(2);
    const withFile = await t.db
      .select({ n: count() })
      .from(agencyContractQuotations)
      .innerJoin(importRefs, and(eq(importRefs.entityId, agencyContractQuotations.id), eq(importRefs.type, 'quotation')))
      .where(and(eq(importRefs.agencyId, agencyId), isNotNull(agencyContractQuotations.fileId)));
    expect(withFile[0]!.n).toBe(2);

    const again = await run(argv, apiKey);
    expect(again.stdout).toMatch(/créés : 0 · mis à jour : 0 · inchangés : 2 · en erreur : 0\n/);
    expect(again.stdout).toMatch(/3 PDF\n {2}créés : 0 · mis à jour : 0 · inchangés : 2 · en erreur : 1/);
    expect(again.code).toBe(2);
  });
});
