// Docker does not run on the development machines: deploy/compose.yaml and the Dockerfile are kept
// in step with `npm run cluster` (scripts/cluster/topology.ts) by reading the files. The
// settings both give the instances are named once, in deploy/cluster-env.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

interface Topology {
  services: string[];
  sameValue: Record<string, string>;
  perTopology: string[];
  composeOnly: string[];
}
interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}

const topology = JSON.parse(read('deploy/cluster-env.json')) as Topology;
const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, ComposeService> };
const cluster = read('scripts/cluster/topology.ts');
const nginx = read('deploy/nginx.conf');

/** A compose value is the cluster's when equal, or when it is the default of `${NAME:-value}`. */
function composeDefault(value: string): string {
  return /^\$\{[A-Z_]+:-(.*)\}$/.exec(value)?.[1] ?? value;
}

describe('deploy/compose.yaml and npm run cluster', () => {
  it('run the same services', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(topology.services));
  });

  it.each(['app1', 'app2'])('give %s the settings the cluster script gives its instances', (name) => {
    const environment = compose.services[name]?.environment ?? {};
    const expected = [...Object.keys(topology.sameValue), ...topology.perTopology, ...topology.composeOnly];
    expect(Object.keys(environment).sort()).toEqual(expected.sort());
    for (const [key, value] of Object.entries(topology.sameValue)) {
      expect({ key, value: composeDefault(String(environment[key])) }).toEqual({ key, value });
    }
  });

  it('names in the cluster script every setting that differs between the two', () => {
    expect(cluster).toContain("'deploy/cluster-env.json'");
    const named = topology.perTopology.filter((key) => new RegExp(`\\b${key}\\b`).test(cluster));
    expect(named).toEqual(topology.perTopology);
  });

  it('trust, on the instances, the address nginx has', () => {
    const networks = compose.services.nginx?.networks;
    const address = networks && !Array.isArray(networks) ? networks.reseau?.ipv4_address : undefined;
    expect(address).toBeDefined();
    expect(compose.services.app1?.environment?.TRUST_PROXY).toBe(address);
    expect(compose.services.app2?.environment?.TRUST_PROXY).toBe(address);
  });
});

describe('deploy/nginx.conf', () => {
  it('is the file compose mounts and the cluster script copies', () => {
    expect(compose.services.nginx?.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(cluster).toContain("'deploy/nginx.conf'");
    // The spellings the cluster script replaces.
    for (const spelling of ['server app1:3000', 'server app2:3000', 'listen 8080;', 'pid /tmp/nginx']) {
      expect(nginx).toContain(spelling);
    }
  });

  it('retries only idempotent requests, hides the metrics and streams the live events', () => {
    expect(nginx).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
    expect(nginx).not.toMatch(/^\s*proxy_next_upstream[^;]*non_idempotent/m);
    expect(nginx).toMatch(/location \^~ \/api\/metrics \{\s*return 404;/);
    const live = /location = \/api\/live-events \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(live).toContain('proxy_buffering off;');
    expect(live).toMatch(/proxy_read_timeout (\d+[mh]|[6-9]\d+s?);/);
    expect(nginx).toContain('proxy_http_version 1.1;');
    expect(nginx).toContain('proxy_set_header X-Request-Id $reseau_request_id;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs the app on Node 20 slim, as a user who is not root, with the built web app', () => {
    expect(finalStage).toMatch(/^\nFROM node:20(\.[\d.]+)?-slim\s*$/m);
    const users = [...finalStage.matchAll(/^USER\s+(\S+)/gm)].map((match) => match[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(finalStage).toMatch(/^COPY --from=build \S*apps\/web\/dist\s/m);
  });

  it('has a health check on /api/health and a build stage before', () => {
    expect(finalStage).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/api\/health/m);
    expect(dockerfile.indexOf('AS build')).toBeLessThan(dockerfile.lastIndexOf('\nFROM '));
  });
});
