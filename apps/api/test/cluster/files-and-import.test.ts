// Issue 31 §1: files and imports behave as one system behind the proxy. Each request names the
// instance it goes to where the point is that the other one answers; the import command goes
// through the proxy, as an agency's software would.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../../../scripts/cluster/topology.js';
import { bearer, metricSum } from './cluster-helpers.js';
import { signInStaff, useCluster } from './use-cluster.js';

const cluster = useCluster();
const folder = await mkdtemp(join(tmpdir(), 'cluster-files-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A photo-like PNG (a gradient over noise: it neither compresses to nothing nor decodes instantly). */
async function photo(width: number, height: number, seed: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * seed + ((i * 7919) % 251)) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const LOGO_TYPE = 2;

async function upload(base: string, token: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('typeId', String(LOGO_TYPE));
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/api/files`, { method: 'POST', headers: bearer(token), body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('files across the instances', () => {
  it('a file uploaded through one instance downloads, the same bytes, through the other', async () => {
    const [app1, app2] = cluster.current.instances;
    const { accessToken } = await signInStaff(cluster.current.address, 'admin@demo.fr');
    const bytes = await photo(320, 200, 3);
    const id = await upload(app1!.url, accessToken, bytes, 'chaufferie.png');
    const res = await fetch(`${app2!.url}/api/files/${id}`, { headers: bearer(accessToken) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an image preview asked at the same moment from both instances is made once in the cluster', async () => {
    const { instances, address } = cluster.current;
    const { accessToken } = await signInStaff(address, 'admin@demo.fr');
    const id = await upload(address, accessToken, await photo(1600, 1200, 5), 'facade.png');
    const made = async () =>
      (await Promise.all(instances.map((i) => metricSum(i.url, 'reseau_file_previews_made_total')))).reduce((a, b) => a + b);
    const before = await made();

    // Several requests on each instance at once: each instance dedupes its own, the lock the two.
    const answers = await Promise.all(
      [...instances, ...instances, ...instances].map((i) =>
        fetch(`${i.url}/api/files/${id}?width=384`, { headers: bearer(accessToken) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.headers.get('content-type'))).toEqual(answers.map(() => 'image/webp'));
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer()).toString('base64')));
    expect(new Set(bodies).size).toBe(1);
    expect(await sharp(Buffer.from(bodies[0]!, 'base64')).metadata()).toMatchObject({ format: 'webp', width: 384 });
    expect((await made()) - before).toBe(1);
  });
});

describe('the import command through the proxy', () => {
  it("imports an agency's CSV sent to the proxy with the agency's key; the other instance reads what it stored", async () => {
    const [, app2] = cluster.current.instances;
    const { address } = cluster.current;
    const director = await signInStaff(address, 'dirigeant@demo.fr');
    const agencies = await fetch(`${address}/api/agencies`, { headers: bearer(director.accessToken) });
    expect(agencies.status).toBe(200);
    const agencyId = ((await agencies.json()) as { agencies: { id: number }[] }).agencies[0]!.id;
    const created = await fetch(`${address}/api/agencies/${agencyId}/api-keys`, {
      method: 'POST',
      headers: { ...bearer(director.accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Logiciel atelier (cluster)' }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };

    const csv = join(folder, 'clients.csv');
    await writeFile(
      csv,
      [
        'externalRef;email;firstName;lastName',
        'CL1;cl-import-1@exemple.fr;Aline;Moreau',
        'CL2;cl-import-2@exemple.fr;Bruno;Petit',
        '',
      ].join('\r\n'),
    );
    // The command as a user types it: npm, the key in the environment, the proxy's address.
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'import', '--', '--agency', String(agencyId), '--type', 'client', csv, '--url', address],
      { cwd: root, env: { ...process.env, RESEAU_API_KEY: apiKey }, timeout: 60_000 },
    );
    expect(stdout).toContain('Terminé, sans erreur.');
    const importId = Number(/Imports? n° (\d+)/.exec(stdout)?.[1]);
    expect(importId).toBeGreaterThan(0);

    const report = await fetch(`${app2!.url}/api/imports/${importId}`, { headers: bearer(director.accessToken) });
    expect(report.status).toBe(200);
    const body = (await report.json()) as { agencyId: number; results: { externalRef: string; status: string }[] };
    expect(body.agencyId).toBe(agencyId);
    expect(body.results.map((r) => [r.externalRef, r.status])).toEqual([
      ['CL1', 'created'],
      ['CL2', 'created'],
    ]);
  });
});
