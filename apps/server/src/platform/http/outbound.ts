import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Calls the server makes to addresses someone typed in (webhook endpoints, issue 21; decision 0171). The URL is
// someone's, so without a guard it would make the server post into its own network: a metadata service at
// 169.254.169.254, a database admin page on 10.x, the server itself on 127.0.0.1. The guard resolves the host once,
// refuses any address that is not public unicast, and pins the connection to the address it checked (the socket's
// lookup answers that address), so a DNS answer that changes between the check and the connection (rebinding)
// cannot move the call.

/** Answers a host name's addresses, as `dns.lookup(host, { all: true })` does. Tests inject their own. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface OutboundPolicy {
  /** The operator's WEBHOOKS_ALLOW_PRIVATE_NETWORKS: private, loopback and link-local addresses, and plain http:. */
  allowPrivateNetworks: boolean;
  resolve?: Resolver;
}

export type RefusalCode = 'url_invalid' | 'url_https' | 'url_refused' | 'url_unresolved';

/** A URL the guard will not call, and why. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Whether an address is one the server may call without the operator's leave: public unicast only. ipaddr.js names
 * every special range (loopback, private 10/8 172.16/12 192.168/16, link-local, unique-local fc00::/7, CGNAT
 * 100.64/10, unspecified, multicast, broadcast, documentation and benchmarking, 6to4 and Teredo that embed a v4
 * address); `process` first turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface CheckedUrl {
  url: URL;
  /** The address the call must go to: the one checked. */
  address: string;
  family: 4 | 6;
}

/**
 * Parses and checks a URL for an outbound call: https: (or http: when private networks are allowed), a host that
 * resolves, and every address it resolves to public (one private answer among public ones refuses it: the client
 * could pick either). Answers the address to pin the connection to. Throws OutboundRefused.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<CheckedUrl> {
  if (!URL.canParse(raw)) throw new OutboundRefused('url_invalid', 'The URL is not valid');
  const url = new URL(raw);
  const allowed = policy.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!allowed.includes(url.protocol)) throw new OutboundRefused('url_https', 'The URL must start with https://');
  if (url.username || url.password) throw new OutboundRefused('url_invalid', 'The URL cannot carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new OutboundRefused('url_unresolved', `The host ${host} could not be found`);
  }
  if (!policy.allowPrivateNetworks && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new OutboundRefused('url_refused', 'The URL points to a private, loopback or link-local address');
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

export interface PostOptions {
  body: string;
  headers: Record<string, string>;
  /** The whole call, connection to the end of the answer read. */
  timeoutMs: number;
  /** The most of the answer's body kept (the rest is drained, up to 64 KB, or the connection dropped). */
  keepBytes: number;
}

export interface PostResult {
  status: number;
  /** The first `keepBytes` of the answer, as text. */
  body: string;
  durationMs: number;
}

/** The most of an answer read at all: past it the connection is dropped rather than read on. */
const MAX_READ_BYTES = 64 * 1024;

// Connections are kept open for the next delivery to the same host; a kept socket is connected to an address that was
// checked when it was opened.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 50, maxFreeSockets: 10 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 50, maxFreeSockets: 10 }),
};

/**
 * POSTs `body` to a checked URL, connected to its checked address (TLS still verifies the certificate against the
 * host name). No redirect is followed: a 3xx is an answer like any other. Throws on a network error or the timeout.
 */
export function postChecked(target: CheckedUrl, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        agent: agents[target.url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
      },
      (response) => {
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        response.on('data', (chunk: Buffer) => {
          readBytes += chunk.length;
          if (keptBytes < options.keepBytes) {
            kept.push(chunk.subarray(0, options.keepBytes - keptBytes));
            keptBytes += Math.min(chunk.length, options.keepBytes - keptBytes);
          }
          if (readBytes > MAX_READ_BYTES) response.destroy();
        });
        const settle = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8'), durationMs: Math.round(performance.now() - started) });
        };
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', settle);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(options.body);
  });
}
