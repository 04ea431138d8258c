/**
 * Whether this instance still takes new work. server.ts turns it to draining on SIGTERM, before it
 * closes: the readiness answer turns 503 at once, so the proxy sends new requests elsewhere while
 * the ones in flight finish here.
 */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
