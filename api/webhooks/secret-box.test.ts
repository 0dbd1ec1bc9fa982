import { describe, expect, it } from 'vitest';
import { newWebhookSecret, openSecret, sealSecret } from './secret-box.ts';

describe('sealed secrets', () => {
  const key = new Uint8Array(32).fill(7);
  const id = '4b1d2c3e-0000-4000-8000-000000000001';

  it('opens with the same key and subscription, and with nothing else', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sealed = sealSecret(key, id, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret(key, id, sealed)).toBe(secret);
    expect(sealSecret(key, id, secret)).not.toBe(sealed);
    expect(() => openSecret(new Uint8Array(32).fill(8), id, sealed)).toThrow();
    expect(() => openSecret(key, id.replace(/1$/, '2'), sealed)).toThrow();
    // One bit changed in the ciphertext or in the tag: refused.
    const [version, iv, text, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    expect(() => openSecret(key, id, [version, iv, flipped(text), tag].join('.'))).toThrow();
    expect(() => openSecret(key, id, [version, iv, text, flipped(tag)].join('.'))).toThrow();
  });
});
