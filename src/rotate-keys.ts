import { ConfigError, readConfig } from './config.js';
import { createSecretBox } from './secrets/cipher.js';
import { rotateKeys } from './secrets/rotate.js';
import { openStore } from './store/index.js';

// `npm run rotate-keys`: with ENCRYPTION_KEY (new) and ENCRYPTION_KEY_PREVIOUS (old) set, rewrites
// every stored secret under the new key; then ENCRYPTION_KEY_PREVIOUS can be removed.
async function main(): Promise<void> {
  const config = readConfig(process.env);
  if (!config.encryptionKey) throw new ConfigError('ENCRYPTION_KEY', 'required to rotate keys');
  const store = await openStore(config.databaseUrl);
  try {
    const box = createSecretBox(config.encryptionKey, config.encryptionKeyPrevious);
    const { rewritten } = await rotateKeys(store.db, box);
    process.stdout.write(
      `querydesk: ${rewritten} stored row(s) rewritten under key ${box.keyId}\n`,
    );
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`querydesk: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
