import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

/**
 * The id of each request (its log lines' reqId, echoed in the X-Request-Id answer header). An
 * X-Request-Id that came with the request is taken only from a proxy TRUST_PROXY trusts (which
 * sets it: a client's own would let it name its requests after others' in the log), and only when
 * it reads as an id: at most 128 letters, digits or `-_.:+/=`. Otherwise a new UUID.
 */
const idShape = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Whether the peer of a connection is a proxy of TRUST_PROXY (a hop count or true: any peer is). */
function trustedPeer(trustProxy: Config['trustProxy']): (req: IncomingMessage) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true || typeof trustProxy === 'number') return () => true;
  const trusts = proxyAddr.compile(trustProxy.split(',').map((v) => v.trim()));
  return (req) => trusts(req.socket.remoteAddress ?? '', 0);
}

/** Fastify's genReqId for this TRUST_PROXY. */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const fromProxy = trustedPeer(trustProxy);
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && idShape.test(given) && fromProxy(req)) return given;
    return randomUUID();
  };
}
