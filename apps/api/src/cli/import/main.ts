/**
 * `npm run import -- --agency 3 --type contract contracts.csv [--dir ./pdfs]` (docs/import.md).
 * A client of the running server's import API: it reads its own few variables (the key, the
 * server's address, where npm was run) and never the server's configuration or database.
 */
import { runImportCommand } from './command.js';

process.exitCode = await runImportCommand({
  argv: process.argv.slice(2),
  env: process.env,
  // npm runs the script from the project root; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
