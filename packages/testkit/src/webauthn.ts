import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for the suites without a browser (docs/testing.md#helpers): it answers WebAuthn
 * options as an authenticator with user verification would (attestation "none", ES256), so the server's
 * verifier checks real signatures. The browser suite uses Chromium's virtual authenticator instead.
 */

/** The few CBOR shapes an attestation object needs: small maps, integers, byte and text strings. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
}

function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return Uint8Array.from(value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([Uint8Array.from(cborHead(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([Uint8Array.from(cborHead(2, value.length)), value]);
  const parts = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([Uint8Array.from(cborHead(5, value.size)), ...parts]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** User present and user verified; with attested credential data on registration. */
const FLAGS = { userPresentVerified: 0x05, attested: 0x40 };

export interface SoftPasskey {
  /** The credential id, base64url, as the browser names it. */
  readonly id: string;
  /** The browser's answer to registration options (RegistrationResponseJSON). */
  register(options: { challenge: string }): Record<string, unknown> & { id: string };
  /** The browser's answer to authentication options (AuthenticationResponseJSON); each use counts up. */
  authenticate(options: { challenge: string }): Record<string, unknown> & { id: string };
  /** Sets the signature counter the next answer starts from (a cloned authenticator replays an old one). */
  setCounter(counter: number): void;
}

/** A new passkey for the site at `origin` (its relying party id is the origin's host name). */
export function softPasskey(origin: string): SoftPasskey {
  const rpIdHash = sha256(new URL(origin).hostname);
  const credentialId = randomBytes(32);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let counter = 0;

  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  /** What the browser hands the page for a ceremony: this credential around the authenticator's response. */
  const credentialAnswer = (response: Record<string, unknown>) => ({
    id: base64url(credentialId),
    rawId: base64url(credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response,
  });
  return {
    id: base64url(credentialId),
    register({ challenge }) {
      const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]);
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const flags = Buffer.from([FLAGS.userPresentVerified | FLAGS.attested]);
      const authData = Buffer.concat([rpIdHash, flags, counterBytes(), Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return credentialAnswer({
        clientDataJSON: base64url(clientData('webauthn.create', challenge)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      });
    },
    authenticate({ challenge }) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([FLAGS.userPresentVerified]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return credentialAnswer({
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signature),
      });
    },
    setCounter(next) {
      counter = next;
    },
  };
}
