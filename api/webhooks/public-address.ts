import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Where a webhook may be sent: public addresses only, so that a subscription cannot make the server
// call its own network (SSRF): no private, loopback, link-local (169.254.169.254, the clouds'
// metadata service), unique-local, CGNAT, multicast, reserved or unspecified address.

/** What a webhook's address may be: `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, tests only) also lets http and loopback through. */
export interface AddressPolicy {
  allowLoopback: boolean;
}

const V4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8], // « this network », unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6_REFUSED: [string, number][] = [
  ['2001::', 32], // Teredo: an IPv4 address in disguise
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in disguise
  ['3fff::', 20], // documentation
];

const refused = new BlockList();
for (const [network, prefix] of V4_REFUSED) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of V6_REFUSED) refused.addSubnet(network, prefix, 'ipv6');
// Of IPv6, only global unicast (2000::/3) is public: this leaves out ::, ::1, fc00::/7 (unique
// local), fe80::/10 (link-local), ff00::/8 (multicast), 64:ff9b::/96 (NAT64) and ::ffff:0:0/96.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether an IP address may receive a webhook.
 *
 * @example isPublicAddress('169.254.169.254', { allowLoopback: false }) // false
 * @example isPublicAddress('2606:4700:4700::1111', { allowLoopback: false }) // true
 */
export function isPublicAddress(address: string, { allowLoopback }: AddressPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && loopback.check(address, type)) return true;
  // An IPv4 address written in IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped, { allowLoopback });
  if (type === 'ipv4') return !refused.check(address, 'ipv4');
  return globalUnicast.check(address, 'ipv6') && !refused.check(address, 'ipv6');
}

/** A host name's DNS answer takes at most this long. */
const LOOKUP_TIMEOUT_MS = 5_000;

/** Every address of a host name (the system's resolver, as a connection would use it). */
function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('délai de résolution DNS dépassé')), LOOKUP_TIMEOUT_MS);
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/** Why an address cannot receive webhooks: a French sentence. */
export class AddressRefusal extends Error {}

/**
 * The addresses `hostname` resolves to, all of them checked: throws an AddressRefusal when one is
 * not public (a name that answers both a public and a private address is refused: the connection
 * could go to either) or when the name does not resolve.
 */
export async function publicAddressesOf(hostname: string, policy: AddressPolicy): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: bare, family: literal }];
  else {
    try {
      addresses = await lookupAll(bare);
    } catch {
      throw new AddressRefusal(`Le nom « ${bare} » ne se résout pas en adresse IP.`);
    }
  }
  const bad = addresses.find(({ address }) => !isPublicAddress(address, policy));
  if (bad || addresses.length === 0) {
    throw new AddressRefusal(
      `L’adresse ${bare}${bad && bad.address !== bare ? ` (${bad.address})` : ''} est privée, locale ou réservée : ` +
        'un webhook ne peut viser qu’une adresse publique.',
    );
  }
  return addresses;
}

/**
 * A subscription's URL, checked: https (http too when loopback is allowed), no user name or
 * password, and a host whose every address is public. Throws an AddressRefusal saying why not.
 */
export async function checkWebhookUrl(text: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AddressRefusal('Adresse invalide : écrivez une URL complète, ex. https://exemple.ca/webhooks.');
  }
  const schemes = policy.allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new AddressRefusal('Un webhook doit viser une adresse https://.');
  }
  if (url.username || url.password) {
    throw new AddressRefusal('L’adresse d’un webhook ne peut pas contenir d’identifiant ni de mot de passe.');
  }
  await publicAddressesOf(url.hostname, policy);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the name, checks every address it gets and hands
 * the connection only those: the address connected to is the address checked, so a name that
 * answers a public address to the check and a private one to the connection (DNS rebinding)
 * cannot get through.
 */
export function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    publicAddressesOf(hostname, policy).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(Object.assign(error, { code: 'EADDRNOTPUBLIC' }), '', 0),
    );
  };
}
