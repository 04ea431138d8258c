#!/usr/bin/env node
// `npm run mutation [-- api|web] [-- --mutate <globs> --testFiles <globs>]`: StrykerJS over the
// authorization code (apps/api/src/auth, the modules' policy.ts) and the web's form-action core,
// then each side's mutation score and the mutants that survived. On demand only: neither
// `npm test` nor `.ci/run` calls it. mutation/*.config.mjs say what is mutated and which tests
// may kill it; STRYKER_CONCURRENCY sets the number of test runners (1 by default: two shared cores).
// A survivor in authorization code is a bug to fix or a test to add.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIDES = ['api', 'web'];
const args = process.argv.slice(2);
const sides = args.filter((a) => SIDES.includes(a));
const passed = args.filter((a) => !SIDES.includes(a));
const stryker = join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const concurrency = process.env.STRYKER_CONCURRENCY ? ['--concurrency', process.env.STRYKER_CONCURRENCY] : [];

/** Stryker's detected / (detected + undetected), and the survivors, from its JSON report. */
function summary(report) {
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, CompileError: 0, RuntimeError: 0, Ignored: 0 };
  const survivors = [];
  for (const [file, { mutants, source }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const m of mutants) {
      count[m.status] = (count[m.status] ?? 0) + 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const line = m.location.start.line;
        survivors.push(
          `${m.status === 'Survived' ? 'survived' : 'no test '} ${file}:${line} ${m.mutatorName}: ${lines[line - 1]?.trim()} → ${m.replacement ?? ''}`,
        );
      }
    }
  }
  const detected = count.Killed + count.Timeout;
  const total = detected + count.Survived + count.NoCoverage;
  return { score: total ? (100 * detected) / total : 100, count, survivors };
}

let failed = false;
for (const side of sides.length ? sides : SIDES) {
  console.log(`\n━━━ Mutation testing: ${side} ━━━`);
  const reportFile = join(root, `reports/mutation/${side}.json`);
  rmSync(reportFile, { force: true });
  const res = spawnSync(process.execPath, [stryker, 'run', `mutation/${side}.config.mjs`, ...concurrency, ...passed], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0 || !existsSync(reportFile)) {
    console.error(`\n✗ Stryker (${side}) failed.`);
    failed = true;
    continue;
  }
  const { score, count, survivors } = summary(JSON.parse(readFileSync(reportFile, 'utf8')));
  console.log(`\nSurvivors (${side}):\n${survivors.map((s) => `  ${s}`).join('\n') || '  none'}`);
  console.log(
    `\nMutation score ${side}: ${score.toFixed(1)} % (killed ${count.Killed}, timeout ${count.Timeout}, survived ${count.Survived}, no coverage ${count.NoCoverage}); report: reports/mutation/${side}.html`,
  );
}
process.exit(failed ? 1 : 0);
