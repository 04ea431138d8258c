import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for API tests: it makes a passkey (ES256, "none" attestation) and signs
 * challenges as a phone or a security key would, so that the server's WebAuthn checks run for
 * real. The browser journeys use Chromium's virtual authenticator instead.
 */

// The few CBOR items WebAuthn needs (RFC 8949): integers, byte and text strings, maps.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface VirtualPasskey {
  credentialId: string;
  /** The answer to `navigator.credentials.create` for these options (a `RegistrationResponseJSON`). */
  register(options: Record<string, unknown>, opts?: { origin?: string; userVerified?: boolean }): Record<string, unknown>;
  /** The answer to `navigator.credentials.get` (an `AuthenticationResponseJSON`); each use counts one more. */
  authenticate(options: Record<string, unknown>, opts?: { origin?: string; counter?: number }): Record<string, unknown>;
}

export function virtualPasskey({ rpId, origin }: { rpId: string; origin: string }): VirtualPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  let counter = 0;
  let userHandle = '';
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const clientData = (type: string, options: Record<string, unknown>, at: string) =>
    Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin: at, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    register(options, { origin: at = origin, userVerified = true } = {}) {
      userHandle = String((options.user as { id: string }).id);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const flags = 0x01 | (userVerified ? 0x04 : 0) | 0x40; // user present, verified, attested data
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags]),
        counterBytes(counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options, at)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, { origin: at = origin, counter: forced } = {}) {
      counter = forced ?? counter + 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), counterBytes(counter)]);
      const clientDataJSON = clientData('webauthn.get', options, at);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: userHandle || undefined,
        },
        clientExtensionResults: {},
      };
    },
  };
}
