/** Work the last moments of the process must finish (the traces not yet exported). */
const hooks: Array<() => Promise<void>> = [];

/** A collector that does not answer must not hold the stop past the orchestrator's grace period. */
const SHUTDOWN_HOOKS_TIMEOUT_MS = 3000;

export function onShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every hook, for 3 s at most; a failing one keeps neither the others nor the exit waiting. */
export async function runShutdownHooks(): Promise<void> {
  if (hooks.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SHUTDOWN_HOOKS_TIMEOUT_MS);
  });
  await Promise.race([Promise.allSettled(hooks.map((hook) => hook())), timeout]);
  clearTimeout(timer);
}
