#!/usr/bin/env node
// `npm test`: contracts, API integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// the cluster (PostgreSQL and nginx), web components, then the browser journeys, alone and on the
// cluster. Without a Chromium the journeys are skipped with a loud notice; REQUIRE_E2E=1 (set by
// CI) turns that skip into a failure (REQUIRE_CLUSTER=1 the cluster's).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (title, cmd, args, env = {}) => {
  console.log(`\n━━━ ${title} ━━━`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${title} a échoué.`);
    process.exit(res.status ?? 1);
  }
};

// What did not run, named again on the last line: that line is what a hurried reader sees.
const notRun = [];

run('Contrats', 'npm', ['run', 'test', '-w', 'packages/contracts', '--', '--passWithNoTests']);
run('API sur PGlite', 'npm', ['run', 'test', '-w', 'apps/api'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  run('API sur PostgreSQL', 'npm', ['run', 'test', '-w', 'apps/api']);
} else {
  console.log('\n(API sur PostgreSQL non lancée : TEST_DATABASE_URL absent.)');
  notRun.push('API sur PostgreSQL NON lancée (TEST_DATABASE_URL absent)');
}
// Two instances behind nginx (issue 31 §1): needs PostgreSQL and nginx; REQUIRE_CLUSTER=1 (CI) makes
// a missing nginx a failure rather than a notice.
const hasNginx = spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error === undefined;
if (process.env.TEST_DATABASE_URL && hasNginx) {
  run('Cluster (2 instances derrière nginx)', 'npm', ['run', 'test:cluster', '-w', 'apps/api']);
} else if (process.env.REQUIRE_CLUSTER === '1') {
  console.error('\n✗ Cluster non testé (nginx ou TEST_DATABASE_URL absent) alors que REQUIRE_CLUSTER=1.');
  process.exit(1);
} else {
  const missing = process.env.TEST_DATABASE_URL ? 'nginx absent' : 'TEST_DATABASE_URL absent';
  console.log(`\n(Cluster non testé : ${missing}.)`);
  notRun.push(`cluster NON testé (${missing})`);
}
run('Web (composants)', 'npm', ['run', 'test', '-w', 'apps/web']);

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (existsSync(chrome)) {
  // The e2e script builds the web app, then runs the journeys against the built platform.
  run('Parcours navigateur (Chromium)', 'npm', ['run', 'e2e', '-w', 'apps/web'], { CHROME_PATH: chrome });
} else if (process.env.REQUIRE_E2E === '1') {
  console.error(`\n✗ Chromium introuvable (${chrome}) alors que REQUIRE_E2E=1 : les parcours navigateur sont obligatoires.`);
  process.exit(1);
} else {
  console.warn(`\n${'!'.repeat(78)}`);
  console.warn(`!!  PARCOURS NAVIGATEUR NON LANCÉS : Chromium introuvable (${chrome}).`);
  console.warn('!!  Installez-le (apt-get install -y chromium) ou indiquez CHROME_PATH.');
  console.warn(`${'!'.repeat(78)}\n`);
  notRun.push('parcours navigateur NON lancés (Chromium absent)');
}
// The journeys on the cluster (issue 31 §2: the live bell across instances) reuse the build the
// journeys above made. They need Chromium, PostgreSQL and nginx: a missing one was already a
// failure above under REQUIRE_E2E=1 or REQUIRE_CLUSTER=1, so here it is a notice only.
if (existsSync(chrome) && process.env.TEST_DATABASE_URL && hasNginx) {
  run('Parcours navigateur sur le cluster (Chromium, 2 instances)', 'npm', ['run', 'e2e:cluster', '-w', 'apps/web'], {
    CHROME_PATH: chrome,
  });
} else {
  const missing = [!existsSync(chrome) && 'Chromium', !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL', !hasNginx && 'nginx']
    .filter(Boolean)
    .join(', ');
  console.log(`\n(Parcours sur le cluster non lancés : ${missing} absent.)`);
  notRun.push(`parcours sur le cluster NON lancés (${missing} absent)`);
}
console.log(notRun.length ? `\n✓ Tests passés — ${notRun.join(' ; ')}.` : '\n✓ Tous les tests sont passés.');
