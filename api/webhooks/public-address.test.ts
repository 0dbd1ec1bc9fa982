import { describe, expect, it } from 'vitest';
import { AddressRefusal, checkWebhookUrl, isPublicAddress } from './public-address.ts';

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe('isPublicAddress', () => {
  it.each([
    ['93.184.215.14', true, true],
    ['2606:4700:4700::1111', true, true],
    ['8.8.8.8', true, true],
    ['0.0.0.0', false, false],
    ['10.0.0.1', false, false],
    ['100.64.0.1', false, false],
    ['100.127.255.254', false, false],
    ['127.0.0.1', false, true],
    ['127.1.2.3', false, true],
    ['169.254.169.254', false, false],
    ['172.16.0.1', false, false],
    ['172.31.255.255', false, false],
    ['172.32.0.1', true, true],
    ['192.168.1.1', false, false],
    ['198.18.0.1', false, false],
    ['224.0.0.1', false, false],
    ['255.255.255.255', false, false],
    ['::', false, false],
    ['::1', false, true],
    ['fc00::1', false, false],
    ['fd12:3456::1', false, false],
    ['fe80::1', false, false],
    ['ff02::1', false, false],
    ['::ffff:127.0.0.1', false, true],
    ['::ffff:10.0.0.1', false, false],
    ['::ffff:7f00:1', false, true],
    ['64:ff9b::a00:1', false, false],
    ['2002:a00:1::', false, false],
    ['2001:db8::1', false, false],
    ['not an address', false, false],
  ])('%s: public %s (loopback allowed: %s)', (address, publicStrict, publicLoose) => {
    expect(isPublicAddress(address, strict)).toBe(publicStrict);
    expect(isPublicAddress(address, loose)).toBe(publicLoose);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    ['http://exemple.ca/hook', 'https://'],
    ['ftp://exemple.ca/hook', 'https://'],
    ['pas une adresse', 'Adresse invalide'],
    ['https://moi:secret@exemple.ca/hook', 'identifiant'],
    ['https://127.0.0.1/hook', 'privée, locale ou réservée'],
    ['https://2130706433/hook', 'privée, locale ou réservée'],
    ['https://10.0.0.1/hook', 'privée, locale ou réservée'],
    ['https://169.254.169.254/latest/meta-data/', 'privée, locale ou réservée'],
    ['https://[::1]/hook', 'privée, locale ou réservée'],
    ['https://[fd00::1]/hook', 'privée, locale ou réservée'],
    ['https://localhost/hook', 'privée, locale ou réservée'],
    ['https://100.64.0.1/hook', 'privée, locale ou réservée'],
    ['https://0.0.0.0/hook', 'privée, locale ou réservée'],
  ])('refuses %s', async (url, message) => {
    const refusal = await checkWebhookUrl(url, strict).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AddressRefusal);
    expect((refusal as Error).message).toContain(message);
  });

  it('lets http and loopback through when allowed (tests), never a private address', async () => {
    expect((await checkWebhookUrl('http://127.0.0.1:8080/a', loose)).href).toBe('http://127.0.0.1:8080/a');
    expect((await checkWebhookUrl('http://localhost:8080/a', loose)).hostname).toBe('localhost');
    await expect(checkWebhookUrl('https://10.0.0.1/a', loose)).rejects.toThrow(AddressRefusal);
    await expect(checkWebhookUrl('https://169.254.169.254/a', loose)).rejects.toThrow(AddressRefusal);
  });
});
