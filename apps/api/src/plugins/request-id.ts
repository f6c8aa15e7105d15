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

/**
 * TRUST_PROXY as the trust function Fastify (and proxy-addr) call for each address of a request,
 * from the connection's peer (hop 0) outwards. A number n trusts the peer and the n - 1 hops
 * behind it, i.e. the n proxies in front: the client's address is the one the outermost proxy
 * appended. Fastify itself no longer reads a bare number that way (it trusts nothing for it), so
 * the number is turned into this function here. Use a number only when clients cannot reach the
 * server except through those proxies; otherwise name the proxies' addresses.
 */
export function trustProxyFunction(trustProxy: Config['trustProxy']): (address: string, hop: number) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy.split(',').map((v) => v.trim()));
}

/** Whether the peer of a connection is a proxy of TRUST_PROXY. */
function trustedPeer(trustProxy: Config['trustProxy']): (req: IncomingMessage) => boolean {
  const trusts = trustProxyFunction(trustProxy);
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
