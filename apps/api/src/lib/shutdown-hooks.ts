/** Work the last moments of the process must finish (the traces not yet exported). */
const hooks: Array<() => Promise<void>> = [];

export function onShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every hook; a failing one does not keep the others from running, nor the process from exiting. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled(hooks.map((hook) => hook()));
}
