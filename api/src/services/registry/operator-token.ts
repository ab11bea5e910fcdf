import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The operator token's file in DATA_DIR, used when OPERATOR_TOKEN is not set. */
export const OPERATOR_TOKEN_FILE = 'operator-token';

const MIN_FILE_TOKEN_LENGTH = 32;

export const operatorTokenPath = (dataDir: string) => path.join(path.resolve(dataDir), OPERATOR_TOKEN_FILE);

/** The token in `<dataDir>/operator-token`, or null when there is none. */
export function readOperatorToken(dataDir: string): string | null {
  try {
    const token = fs.readFileSync(operatorTokenPath(dataDir), 'utf8').trim();
    return token || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * The server's operator token when OPERATOR_TOKEN is not set: the one in `<dataDir>/operator-token`, or a new
 * random one written there (mode 0600, readable only by the user running the server). Kept across restarts so
 * that instances sharing the directory agree; delete the file and restart to change it.
 */
export function ensureOperatorTokenFile(dataDir: string): { token: string; file: string } {
  const file = operatorTokenPath(dataDir);
  const existing = readOperatorToken(dataDir);
  if (existing && existing.length >= MIN_FILE_TOKEN_LENGTH) {
    fs.chmodSync(file, 0o600);
    return { token: existing, file };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const token = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only to a new file.
  fs.chmodSync(file, 0o600);
  return { token, file };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares in constant time (the digests have equal length whatever the input). */
export function operatorTokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
