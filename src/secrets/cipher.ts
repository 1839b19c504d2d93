import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A stored secret: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts), AES-256-GCM with a
 * 16-byte tag. A `v2` value is bound to where it lives (table, column, row id) as additional
 * authenticated data, so a value copied into another row or column does not open. `v1` values
 * (sealed before that binding; their AAD is the key id alone, so they would open in any row) are
 * refused by `open`: `rotate-keys`, which also runs at start-up, reseals them as `v2` in the row
 * where it finds them (`openStale`), and a `v1` value written after that opens nowhere.
 */
const VERSION = 'v2';
const LEGACY = 'v1';
const TAG_BYTES = 16;

/** Where a sealed value is stored: it opens only there. */
export interface SealedAt {
  table: string;
  column: string;
  /** The row's key (a workspace, team or enterprise id). */
  rowId: string;
}

export interface SecretBox {
  /** The current key's id (what `rotate-keys` compares each stored value with). */
  keyId: string;
  seal(plain: string, at: SealedAt): string;
  /** Opens a `v2` value sealed for `at`; throws for any other place and for a `v1` value. */
  open(sealed: string, at: SealedAt): string;
  /**
   * For resealing only (rotate-keys): also opens a `v1` value, and a `v2` value sealed for one of
   * `older` (a place a column was bound to before, e.g. a step token's workspace before its session).
   */
  openStale(sealed: string, at: SealedAt, older?: readonly SealedAt[]): string;
  /** The key id a stored value was sealed under. */
  keyIdOf(sealed: string): string;
  /** True when a stored value is under an older key or sealed without its place (`v1`). */
  isStale(sealed: string): boolean;
}

/** A short, public name for a key: the first 8 hex digits of its SHA-256 (never the key itself). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function aadOf(version: string, keyId: string, at?: SealedAt): Buffer {
  // v1 bound the key id only; v2 adds the place, length-prefixed so no two places collide.
  if (version === LEGACY || !at) return Buffer.from(keyId);
  const parts = [version, keyId, at.table, at.column, at.rowId];
  return Buffer.from(parts.map((p) => `${Buffer.byteLength(p)}:${p}`).join('|'));
}

/**
 * Seals with `key`; opens values sealed under `key` or `previous` (while rotating). The key id in
 * each value picks the key, so a value from an unknown key fails loudly instead of decrypting junk.
 */
export function createSecretBox(key: Buffer, previous?: Buffer): SecretBox {
  if (key.length !== 32) throw new RangeError('encryption key must be 32 bytes');
  const keys = new Map<string, Buffer>([[keyIdOf(key), key]]);
  if (previous) keys.set(keyIdOf(previous), previous);
  const keyId = keyIdOf(key);
  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 5 || (parts[0] !== VERSION && parts[0] !== LEGACY)) {
      throw new Error('not a sealed secret');
    }
    return { version: parts[0], id: parts[1]!, iv: parts[2]!, tag: parts[3]!, data: parts[4]! };
  };
  const decrypt = (p: ReturnType<typeof parse>, at: SealedAt) => {
    const k = keys.get(p.id);
    if (!k) throw new Error(`secret sealed under an unknown key (${p.id})`);
    // Without authTagLength GCM accepts a tag cut to 4 bytes: a forgery then needs 2^32 tries.
    const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(p.iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(aadOf(p.version, p.id, at));
    decipher.setAuthTag(Buffer.from(p.tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(p.data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  };
  return {
    keyId,
    seal(plain, at) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aadOf(VERSION, keyId, at));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, keyId, iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, at) {
      const p = parse(sealed);
      if (p.version === LEGACY) throw new Error('legacy v1 secret: rotate-keys reseals it first');
      return decrypt(p, at);
    },
    openStale(sealed, at, older = []) {
      const p = parse(sealed);
      if (p.version === LEGACY) return decrypt(p, at);
      for (const place of [at, ...older]) {
        try {
          return decrypt(p, place);
        } catch {
          // Not sealed for this place: the next one, if any.
        }
      }
      throw new Error('secret sealed for another place');
    },
    keyIdOf(sealed) {
      return parse(sealed).id;
    },
    isStale(sealed) {
      const p = parse(sealed);
      return p.version !== VERSION || p.id !== keyId;
    },
  };
}
