import { AGENCY_API_KEY_HEADER } from '@reseau/contracts';
import { CommandError } from './args.js';

/** A refusal answered by the server (4xx other than 429): its status, code and French message. */
export class ApiRefusal extends CommandError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiClientOptions {
  url: string;
  key: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Tries of one call when the server is busy (429, 502–504) or the network fails, the first included. */
  attempts?: number;
  /** Told before each wait, so the progress says why nothing moves. */
  onWait?: (notice: string) => void;
}

const DEFAULT_ATTEMPTS = 6;
const MAX_WAIT_MS = 120_000;
const BUSY = new Set([429, 502, 503, 504]);
const sleepFor = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
/** 1 s, 2 s, 4 s… when the server gives no Retry-After. */
const backoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);

/** Retry-After in seconds or as an HTTP date (RFC 9110), bounded. */
export function retryAfterMs(header: string | null, attempt: number, now = Date.now()): number {
  if (header) {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
    if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0), MAX_WAIT_MS);
  }
  return backoff(attempt);
}

const networkCause = (err: unknown) => {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
};

/**
 * The import API seen from the command: the agency key on every call, waits and tries again when
 * the server asks to slow down or the network drops (an import is idempotent, so sending a body
 * twice is safe), stops on any other refusal with the server's own message.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;

  async function request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: { data: string | Buffer; contentType: string },
    { retryNetwork = true } = {},
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      let res: Response;
      try {
        res = await doFetch(`${options.url}${path}`, {
          method,
          headers: { [AGENCY_API_KEY_HEADER]: options.key, ...(body ? { 'content-type': body.contentType } : {}) },
          body: body?.data,
        });
      } catch (err) {
        const cause = networkCause(err);
        if (!retryNetwork || attempt >= attempts) {
          throw new CommandError(
            `Le serveur ${options.url} ne répond pas (${cause}) : vérifiez --url et que le serveur est démarré.`,
          );
        }
        const wait = backoff(attempt);
        options.onWait?.(`Connexion perdue (${cause}) : nouvel essai dans ${Math.ceil(wait / 1000)} s`);
        await sleep(wait);
        continue;
      }
      if (res.ok) return res.json();
      if (BUSY.has(res.status) && attempt < attempts) {
        await res.body?.cancel();
        const wait = retryAfterMs(res.headers.get('retry-after'), attempt);
        options.onWait?.(
          res.status === 429
            ? `Trop d'appels pour la clé : nouvel essai dans ${Math.ceil(wait / 1000)} s`
            : `Serveur indisponible (${res.status}) : nouvel essai dans ${Math.ceil(wait / 1000)} s`,
        );
        await sleep(wait);
        continue;
      }
      throw await refusal(res);
    }
  }

  return {
    url: options.url,
    get: (path: string, opts?: { retryNetwork?: boolean }) => request('GET', path, undefined, opts),
    post: (path: string, data: string, contentType: string) => request('POST', path, { data, contentType }),
    put: (path: string, data: Buffer, contentType: string) => request('PUT', path, { data, contentType }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function refusal(res: Response): Promise<ApiRefusal> {
  const answer = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  const message = answer?.message ?? `réponse ${res.status} du serveur`;
  const code = answer?.code ?? String(res.status);
  if (res.status === 401) return new ApiRefusal(401, code, `Clé d'API refusée (401) : ${message}`);
  if (BUSY.has(res.status))
    return new ApiRefusal(res.status, code, `Le serveur refuse encore après plusieurs essais (${res.status}) : ${message}`);
  return new ApiRefusal(res.status, code, message);
}
