// s3rver ships no types: the little the tests use of it.
declare module 's3rver' {
  /** A Koa middleware, as much as the tests need of it. */
  type Middleware = (
    ctx: { method: string; path: string; query: Record<string, string | string[] | undefined>; status: number },
    next: () => Promise<void>,
  ) => Promise<void>;
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: Middleware[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
