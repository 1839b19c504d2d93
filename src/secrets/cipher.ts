import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A stored secret: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts), AES-256-GCM. */
const VERSION = 'v1';

export interface SecretBox {
  /** The current key's id (what `rotate-keys` compares each stored value with). */
  keyId: string;
  seal(plain: string): string;
  open(sealed: string): string;
  /** The key id a stored value was sealed under. */
  keyIdOf(sealed: string): string;
}

/** A short, public name for a key: the first 8 hex digits of its SHA-256 (never the key itself). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
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
    if (parts.length !== 5 || parts[0] !== VERSION) throw new Error('not a sealed secret');
    return { id: parts[1]!, iv: parts[2]!, tag: parts[3]!, data: parts[4]! };
  };
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(keyId));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, keyId, iv, tag, data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const p = parse(sealed);
      const k = keys.get(p.id);
      if (!k) throw new Error(`secret sealed under an unknown key (${p.id})`);
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(p.iv, 'base64url'));
      decipher.setAAD(Buffer.from(p.id));
      decipher.setAuthTag(Buffer.from(p.tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(p.data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    keyIdOf(sealed) {
      return parse(sealed).id;
    },
  };
}
