/** `npm run db:restore ARCHIVE` on a stopped server: see restore.ts. ARCHIVE is relative to where npm was run. */
import { resolve } from 'node:path';
import { ArchiveRefused } from './archive-read.js';
import { BackupRefused, commandConfig } from './refusal.js';
import { runRestore } from './restore.js';

const args = process.argv.slice(2);
try {
  if (args.length !== 1 || args[0]?.startsWith('-')) throw new BackupRefused('usage : npm run db:restore ARCHIVE');
  const archive = resolve(process.env.INIT_CWD || process.cwd(), args[0] as string);
  const lines = await runRestore(commandConfig(process.env), archive, (line) => console.log(line));
  for (const line of lines) console.log(line);
} catch (err) {
  const known = err instanceof BackupRefused || err instanceof ArchiveRefused;
  console.error(`Restauration ${known ? 'refusée' : 'impossible'} : ${(err as Error).message}`);
  process.exitCode = 1;
}
