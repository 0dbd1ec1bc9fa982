import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { turns } from './turns.ts';

// scrypt from Node's own crypto (OpenSSL): no native addon to build. N = 2^17, r = 8, p = 1 is the
// OWASP password storage cheat sheet's first choice (128 MiB and about 0.4 s per hash here).
// Each hash records its parameters, so they can be raised later without breaking old hashes.
let PARAMS: { N: number; r: number; p: number } = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads), which also reads the site's files: left
 * unbounded, a burst of sign-ins would make every page wait. So at most one core's worth of
 * hashes run at once, leaving the others to the site and the API, and at most 200 wait their
 * turn, in lanes that take turns (a browser that signed in before goes first); past that a check
 * is refused at once (HashingBusy, a 503) rather than held.
 */
const hashing = turns({ running: Math.min(2, Math.max(1, availableParallelism() - 1)), queued: 200 });

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number, lane = ''): Promise<Buffer> {
  return hashing(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    lane,
  );
}

/**
 * Hashes a password for storage as `scrypt$N$r$p$salt$hash` (base64 salt and hash).
 *
 * @example await verifyPassword('secret-123', await hashPassword('secret-123')) // true
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Checks a password against a stored hash in constant time; false for any malformed hash. `lane`
 * is where the check waits its turn under a burst (see turns): the client's network, or KNOWN_DEVICE.
 */
export async function verifyPassword(password: string, stored: string, lane = ''): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), options, expected.length, lane);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * For the tests only (`tests/support/cheap-hashing.ts`): new hashes at N = 2^10, about 1 ms instead
 * of 0.4 s. The tests of the hashing's own cost and timing (`*.timing.test.ts`) keep the real one.
 */
export function useTestHashCost() {
  PARAMS = { N: 2 ** 10, r: 8, p: 1 };
  dummyHash = undefined;
}

/**
 * Spends the same time as checking a real password, for an unknown account, so that timing does
 * not tell whether an e-mail has an account. Always false.
 */
export async function verifyDummyPassword(password: string, lane = ''): Promise<false> {
  dummyHash ??= hashPassword('GéoSonde: no such account');
  await verifyPassword(password, await dummyHash, lane);
  return false;
}
