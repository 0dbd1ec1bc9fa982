import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { AddressRefusal, checkedLookup, publicAddressesOf, type AddressPolicy } from './public-address.ts';

/** What one attempt gave: the receiver's HTTP status, or why there was none (in French). */
export type PostOutcome = { statusCode: number; error: null } | { statusCode: null; error: string };

/** What is read of a receiver's answer before the connection is let go. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The French reason for a failed connection. */
function reason(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error instanceof AddressRefusal) return error.message;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `Pas de réponse en ${timeoutMs / 1000} s.`;
  if (error.code === 'ECONNREFUSED') return 'Connexion refusée par le destinataire.';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'Nom d’hôte introuvable (DNS).';
  if (error.code === 'ECONNRESET') return 'Connexion coupée par le destinataire.';
  if (error.code?.startsWith('ERR_TLS') || /certificate/i.test(error.message)) {
    return `Certificat TLS refusé : ${error.message}`;
  }
  return `Échec de la connexion : ${error.code ?? error.message}`;
}

/**
 * Posts an event's body to a receiver, signed per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64>`, HMAC-SHA256 of `id.timestamp.body` with
 * the secret). The address is checked again now, and the connection goes only to the addresses
 * checked (see checkedLookup); redirects are not followed. Never throws.
 */
export async function postSigned(
  target: string,
  { eventId, body, secret }: { eventId: string; body: string; secret: string },
  { policy, timeoutMs }: { policy: AddressPolicy; timeoutMs: number },
): Promise<PostOutcome> {
  const url = new URL(target);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // A literal IP address is never looked up, so checkedLookup does not see it: check it here.
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await publicAddressesOf(url.hostname, policy);
    const timestamp = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'GeoSonde-Webhooks/1.0',
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(eventId, timestamp, body),
      'content-length': String(Buffer.byteLength(body)),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const statusCode = await new Promise<number>((resolve, reject) => {
      const outgoing = send(url, { method: 'POST', headers, signal, lookup: checkedLookup(policy) }, (answer) => {
        drain(answer).then(() => resolve(answer.statusCode ?? 0), reject);
      });
      outgoing.once('error', reject);
      outgoing.end(body);
    });
    return { statusCode, error: null };
  } catch (error) {
    return { statusCode: null, error: reason(error as NodeJS.ErrnoException, timeoutMs) };
  }
}

/** Reads a receiver's answer (its first 64 Ko at most) so that the request ends cleanly. */
function drain(answer: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    let read = 0;
    answer.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_ANSWER_BYTES) {
        answer.destroy();
        resolve();
      }
    });
    answer.once('end', resolve);
    answer.once('error', reject);
  });
}
