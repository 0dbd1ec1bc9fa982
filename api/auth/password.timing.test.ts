import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('salts every hash and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Bonjour-123'), hashPassword('Bonjour-123')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Bonjour-123', a)).toBe(true);
    expect(await verifyPassword('bonjour-123', a)).toBe(false);
  });

  it.each(['', 'plain', 'scrypt$x$8$3$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5', 'scrypt$32768$8$3$c2FsdA==$'])(
    'refuses the malformed hash %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
