/**
 * Work started by a request and finished after its answer (so that the answer's timing tells
 * nothing about it). Failures are logged, never thrown at the client; closing the app waits for
 * what is still running, so nothing writes to a closed database.
 */
export interface BackgroundTasks {
  run(label: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: (msg: string, err: unknown) => void): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const done = Promise.resolve()
        .then(task)
        .catch((err) => log(label, err))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
