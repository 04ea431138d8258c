/**
 * `npm run db:backup [-- --out DIR]`: see backup.ts. The archive goes to `./backups` of the folder
 * npm was run from (INIT_CWD: npm runs the script in apps/api), or to `--out`.
 */
import { resolve } from 'node:path';
import { DatabaseLockedError } from '../lock.js';
import { runBackup } from './backup.js';
import { BackupRefused, commandConfig } from './refusal.js';
import { SnapshotRefused } from './snapshot-client.js';

const from = process.env.INIT_CWD || process.cwd();
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
try {
  if (args.some((a, i) => a !== '--out' && i !== outIndex + 1) || (outIndex >= 0 && !args[outIndex + 1])) {
    throw new BackupRefused('usage : npm run db:backup [-- --out DOSSIER]');
  }
  const outDir = resolve(from, outIndex >= 0 ? (args[outIndex + 1] as string) : 'backups');
  const path = await runBackup(commandConfig(process.env), outDir, (line) => console.log(line));
  console.log(`Sauvegarde écrite : ${path}`);
} catch (err) {
  const known = err instanceof BackupRefused || err instanceof DatabaseLockedError || err instanceof SnapshotRefused;
  console.error(`Sauvegarde ${known ? 'refusée' : 'impossible'} : ${(err as Error).message}`);
  process.exitCode = 1;
}
