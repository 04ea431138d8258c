// Lists installed packages whose `engines.node` excludes the Node version running this script
// (ARCHITECTURE.md fixes Node 20). Usage: node scripts/engines-check.mjs [--all]
// Reads node_modules/**/package.json only; `--all` also prints packages that say nothing.
// The check covers the range shapes npm packages use (>=, ^, ~, x, ||, -, exact); a range it
// cannot read is printed as "?" for a human to look at.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const [major, minor, patch] = process.versions.node.split('.').map(Number);
const current = [major, minor, patch];

const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const parse = (v) => {
  const m = /^v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(v.trim());
  if (!m) return null;
  const parts = [m[1], m[2], m[3]].map((p) => (p === undefined || p === 'x' || p === '*' ? null : Number(p)));
  return parts;
};
const fill = (p, with0 = true) => p.map((n) => (n === null ? (with0 ? 0 : Number.POSITIVE_INFINITY) : n));

/** Does one comparator set (space-separated, all must hold) accept `current`? null = unreadable. */
function satisfiesSet(set) {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
  if (hyphen) {
    const lo = parse(hyphen[1]);
    const hi = parse(hyphen[2]);
    if (!lo || !hi) return null;
    const hiFilled = hi[1] === null ? [hi[0] + 1, 0, 0] : hi[2] === null ? [hi[0], hi[1] + 1, 0] : hi;
    return cmp(current, fill(lo)) >= 0 && (hi[1] === null || hi[2] === null ? cmp(current, hiFilled) < 0 : cmp(current, hi) <= 0);
  }
  // `>= 14` is written with a space as often as without one.
  for (const token of set
    .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
    .split(/\s+/)
    .filter(Boolean)) {
    const m = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(token);
    if (!m) return null;
    const [, op = '', ver] = m;
    if (ver === '*' || ver === 'x') continue;
    const p = parse(ver);
    if (!p) return null;
    const v = fill(p);
    let ok;
    if (op === '>=') ok = cmp(current, v) >= 0;
    else if (op === '>') ok = p[1] === null ? current[0] > p[0] : cmp(current, v) > 0;
    else if (op === '<=') ok = p[1] === null ? current[0] <= p[0] : cmp(current, v) <= 0;
    else if (op === '<') ok = cmp(current, v) < 0;
    else if (op === '^') {
      const upper = p[0] > 0 ? [p[0] + 1, 0, 0] : [0, (p[1] ?? 0) + 1, 0];
      ok = cmp(current, v) >= 0 && cmp(current, upper) < 0;
    } else if (op === '~') {
      const upper = p[1] === null ? [p[0] + 1, 0, 0] : [p[0], p[1] + 1, 0];
      ok = cmp(current, v) >= 0 && cmp(current, upper) < 0;
    } else {
      // Exact or partial (`20`, `20.x`): every given part must match.
      ok = p.every((n, i) => n === null || n === current[i]);
    }
    if (!ok) return false;
  }
  return true;
}

function satisfies(range) {
  const sets = range.split('||').map((s) => s.trim());
  let unreadable = false;
  for (const set of sets) {
    const r = satisfiesSet(set || '*');
    if (r === true) return true;
    if (r === null) unreadable = true;
  }
  return unreadable ? null : false;
}

/** Every package.json of an installed package under node_modules (nested ones included). */
function* packages(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.startsWith('@')) {
      for (const sub of readdirSync(path)) yield* pkgAt(join(path, sub));
    } else yield* pkgAt(path);
  }
}
const visited = new Set();
function* pkgAt(path) {
  try {
    // Workspaces are linked from node_modules: read each real folder once.
    const real = realpathSync(path);
    if (visited.has(real) || !statSync(real).isDirectory()) return;
    visited.add(real);
    const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    yield { path, pkg };
  } catch {
    // A folder without a readable package.json is not a package (e.g. .bin).
  }
  yield* packages(join(path, 'node_modules'));
}

const all = process.argv.includes('--all');
const rows = [];
const workspaces = ['', 'apps/api', 'apps/web', 'packages/contracts'];
for (const ws of workspaces) {
  for (const { path, pkg } of packages(join(root, ws, 'node_modules'))) {
    const range = typeof pkg.engines?.node === 'string' ? pkg.engines.node : null;
    const ok = range === null ? true : satisfies(range);
    if (ok === true && !all) continue;
    rows.push(
      `${ok === null ? '?' : ok ? ' ' : '✗'} ${pkg.name}@${pkg.version}  engines.node=${range ?? '-'}  (${relative(root, path)})`,
    );
  }
}
console.log(
  `Node ${process.versions.node}: ${rows.length} package(s)${all ? '' : ' whose engines.node excludes it or cannot be read'}`,
);
for (const row of rows.sort()) console.log(row);
