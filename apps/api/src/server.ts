import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { seedReference } from './db/seed/reference.js';
import { createLocalStorage } from './integrations/storage/storage.js';

// config → database → migrations → demo seed when empty → listen
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.PGLITE_DIR,
  onIdleError: (err) => console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: err.message })),
});
await database.migrate();
await database.db.transaction((tx) => seedReference(tx));
const storage = createLocalStorage(config.FILES_DIR);
const app = await buildApp({ config, database, storage });
if (config.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(database.db, storage);
  if (seeded) app.log.info('demo network seeded');
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing in-flight requests');
  try {
    await app.close(); // stops accepting, waits for in-flight requests
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'unclean stop');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Plateforme prête sur ${config.PUBLIC_URL} (base ${database.kind})`);
