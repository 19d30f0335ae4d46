import { type IncomingHttpHeaders, type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, gt, inArray } from 'drizzle-orm';
import { authSessions } from '../db/schema/auth.ts';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { liveClientMessage, type LiveServerMessage } from '@mingle/shared/core/live';
import type { Caller } from '../auth/caller.ts';
import { apiKeyOf } from '../auth/api-key.ts';
import { resolveCaller } from '../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { LiveMessage } from './bus.ts';
import { forwardedClientIp } from '../http/client-ip.ts';

/**
 * The WebSocket hub at /api/live: one socket per browser tab, topics multiplexed over it (protocol in
 * @mingle/shared/live).
 *
 * - The upgrade is authenticated like any request (session cookie or `Authorization: Bearer`); visitors may
 *   connect, but every topic needs rights, so a visitor's subscriptions are all denied.
 * - A browser's Origin must be ours (PUBLIC_URL, plus the Vite dev server outside production): cookies ride along
 *   on cross-site WebSocket handshakes, so without this check any site could listen with a visitor's session.
 *   Clients that send no Origin are not browsers and cannot borrow anyone's cookie; they are let through.
 * - Rights are checked when a socket subscribes, not again while it stays subscribed. Live events are hints with
 *   ids; whatever a client fetches because of one goes through HTTP and is authorized again there, so someone who
 *   loses a right keeps hearing that "something changed" until they reconnect, never what changed. The caller is
 *   resolved once per socket; every 30 s the sockets' sessions are re-checked in one query and a socket whose
 *   session ended (signed out, revoked, expired) is closed with 4001.
 * - Fan-out goes through an index topic -> sockets, so an event costs O(its subscribers); the message is
 *   serialised once.
 * - Capacity: a client address holds at most 2,000 sockets (refused with 429 before the caller is identified, so
 *   before any database work), of which 50 without a signed-in caller, an account 20, and an account starts at most 600 subscription checks per 10 s across all its
 *   sockets (beyond, `denied` with no query).
 * - Heartbeat: every 25 s the hub sends `{type:'ping'}` (and a protocol ping); a socket silent for 60 s (no
 *   message, no pong) is terminated. A socket that does not read (more than 1 MB waiting) is terminated too: it
 *   will reconnect and refetch, rather than hold the server's memory.
 */

export const LIVE_PATH = '/api/live';

export interface LiveHub {
  /** Refuses new sockets and closes the open ones with 1012 Service Restart (their clients reconnect elsewhere). */
  close(): Promise<void>;
  connectionCount(): number;
}

export interface LiveHubOptions {
  /**
   * Whether the caller may listen to a topic. The rights are the product's (areas/event-access: canSubscribe), so
   * the app hands them in; the hub only asks, once per subscription, and limits how often a socket may ask.
   */
  authorize: (caller: Caller | null, topic: string) => Promise<boolean>;
  /** Who opens a socket, from its upgrade request's headers; tests inject fakes. Default: auth/session.ts. */
  identify?: (headers: Headers) => Promise<Caller | null>;
  heartbeatMs?: number;
  idleTimeoutMs?: number;
  maxBufferedBytes?: number;
  maxTopicsPerSocket?: number;
  /** Invalid messages a socket may send before it is closed with 1008. */
  maxBadMessages?: number;
  /** Subscription checks a socket may start per 10 seconds; beyond, subscriptions are denied (each costs queries). */
  maxChecksPer10s?: number;
  /** Sockets one client address may hold (open or being opened); beyond, the upgrade is refused with 429. */
  maxSocketsPerAddress?: number;
  /** Sockets without a signed-in caller one client address may hold; beyond, 429. */
  maxAnonymousSocketsPerAddress?: number;
  /** Sockets one account may hold; beyond, the upgrade is refused with 429. */
  maxSocketsPerAccount?: number;
  /** Subscription checks one account may start per 10 seconds across all its sockets. */
  maxAccountChecksPer10s?: number;
  /** Of these session ids, the ones still signed in; tests inject fakes. Default: one query on the session table. */
  liveSessions?: (ids: string[]) => Promise<Set<string>>;
  /** How often open sockets' sessions are re-checked; a socket whose session ended is closed with 4001. */
  sessionCheckMs?: number;
}

interface Connection {
  ws: WebSocket;
  caller: Caller | null;
  topics: Set<string>;
  /** Topics whose check is running; an unsubscribe meanwhile removes the topic and cancels the subscription. */
  pending: Set<string>;
  lastSeen: number;
  badMessages: number;
  checksInWindow: number;
  windowStart: number;
  closed: boolean;
}

/** Client messages are tiny (a topic is under 80 characters); anything bigger is closed by ws with 1009. */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

export function attachLiveHub(server: Server, ctx: AppContext, options: LiveHubOptions): LiveHub {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const maxTopics = options.maxTopicsPerSocket ?? 200;
  const maxBadMessages = options.maxBadMessages ?? 10;
  const maxChecksPer10s = options.maxChecksPer10s ?? 300;
  // A venue's hall shares one NAT address: hundreds of signed-in people with a few tabs each. Visitors (public pages)
  // are few per address; each account is capped on its own.
  const maxPerAddress = options.maxSocketsPerAddress ?? 2_000;
  const maxAnonymousPerAddress = options.maxAnonymousSocketsPerAddress ?? 50;
  const maxPerAccount = options.maxSocketsPerAccount ?? 20;
  const maxAccountChecks = options.maxAccountChecksPer10s ?? 600;
  const sessionCheckMs = options.sessionCheckMs ?? 30_000;
  const liveSessions =
    options.liveSessions ??
    (async (ids: string[]) => {
      const rows = await ctx.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(inArray(authSessions.id, ids), gt(authSessions.expiresAt, new Date())));
      return new Set(rows.map((row) => row.id));
    });
  const identify = options.identify ?? ((headers: Headers) => resolveCaller(ctx, headers));
  const log = ctx.log;

  const allowedOrigins = new Set(ctx.config.allowedOrigins);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES, clientTracking: false });
  const connections = new Set<Connection>();
  const subscribers = new Map<string, Set<Connection>>();
  /** Sockets per client address (counted from the handshake's start) and per account; each entry leaves at close. */
  const perAddress = new Map<string, number>();
  const perAccount = new Map<string, number>();
  const anonymousPerAddress = new Map<string, number>();
  /** Subscription checks per account in the current 10-second window, across all its sockets. */
  const accountChecks = new Map<string, { windowStart: number; count: number }>();
  const release = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left <= 0) counts.delete(key);
    else counts.set(key, left);
  };
  const accountMayCheck = (userId: string): boolean => {
    const now = Date.now();
    let window = accountChecks.get(userId);
    if (!window || now - window.windowStart >= 10_000) accountChecks.set(userId, (window = { windowStart: now, count: 0 }));
    if (window.count >= maxAccountChecks) return false;
    window.count += 1;
    return true;
  };
  let closing = false;

  // --- sending ---------------------------------------------------------------------------------------------

  const sendRaw = (conn: Connection, payload: string | Buffer) => {
    if (conn.closed || conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > maxBufferedBytes) {
      log.warn('live: terminated a socket that does not read', { bufferedAmount: conn.ws.bufferedAmount });
      conn.ws.terminate();
      return;
    }
    conn.ws.send(payload, { binary: false });
  };
  const send = (conn: Connection, message: LiveServerMessage) => sendRaw(conn, JSON.stringify(message));

  const offBus = ctx.live.onMessage(({ topic, event }: LiveMessage) => {
    const subs = subscribers.get(topic);
    if (!subs || subs.size === 0) return;
    // Encoded to UTF-8 once, not once per socket as a string payload would be.
    const payload = Buffer.from(JSON.stringify({ type: 'event', topic, event } satisfies LiveServerMessage));
    for (const conn of subs) sendRaw(conn, payload);
  });

  // --- subscriptions ---------------------------------------------------------------------------------------

  const addToIndex = (topic: string, conn: Connection) => {
    let subs = subscribers.get(topic);
    if (!subs) subscribers.set(topic, (subs = new Set()));
    subs.add(conn);
  };
  const removeFromIndex = (topic: string, conn: Connection) => {
    const subs = subscribers.get(topic);
    if (!subs) return;
    subs.delete(conn);
    if (subs.size === 0) subscribers.delete(topic);
  };

  const subscribe = async (conn: Connection, topic: string) => {
    if (conn.topics.has(topic)) return send(conn, { type: 'subscribed', topic });
    if (conn.pending.has(topic)) return; // the running check answers
    const now = Date.now();
    if (now - conn.windowStart >= 10_000) {
      conn.windowStart = now;
      conn.checksInWindow = 0;
    }
    if (
      conn.topics.size + conn.pending.size >= maxTopics ||
      conn.checksInWindow >= maxChecksPer10s ||
      (conn.caller && !accountMayCheck(conn.caller.userId))
    ) {
      return send(conn, { type: 'denied', topic });
    }
    conn.checksInWindow += 1;
    conn.pending.add(topic);
    let allowed = false;
    try {
      allowed = await options.authorize(conn.caller, topic);
    } catch (error) {
      log.error('live: subscription check failed', { topic, error: (error as Error).message });
    }
    // Unsubscribed while the check ran, or gone: nothing to add, nobody to answer.
    if (!conn.pending.delete(topic) || conn.closed) return;
    if (allowed) {
      conn.topics.add(topic);
      addToIndex(topic, conn);
    }
    send(conn, { type: allowed ? 'subscribed' : 'denied', topic });
  };

  const unsubscribe = (conn: Connection, topic: string) => {
    conn.pending.delete(topic);
    if (conn.topics.delete(topic)) removeFromIndex(topic, conn);
  };

  // --- connections -----------------------------------------------------------------------------------------

  const badMessage = (conn: Connection) => {
    conn.badMessages += 1;
    if (conn.badMessages > maxBadMessages && conn.ws.readyState === WebSocket.OPEN) {
      log.warn('live: closed a socket that sent too many invalid messages', { userId: conn.caller?.userId });
      conn.ws.close(1008, 'Too many invalid messages');
    }
  };

  const onConnection = (ws: WebSocket, caller: Caller | null, address: string) => {
    const now = Date.now();
    const conn: Connection = {
      ws,
      caller,
      topics: new Set(),
      pending: new Set(),
      lastSeen: now,
      badMessages: 0,
      checksInWindow: 0,
      windowStart: now,
      closed: false,
    };
    connections.add(conn);

    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastSeen = Date.now();
      if (isBinary) return badMessage(conn);
      let parsed;
      try {
        parsed = liveClientMessage.safeParse(JSON.parse(rawToString(data)));
      } catch {
        return badMessage(conn);
      }
      if (!parsed.success) return badMessage(conn);
      const message = parsed.data;
      if (message.type === 'subscribe') void subscribe(conn, message.topic);
      else if (message.type === 'unsubscribe') unsubscribe(conn, message.topic);
      // 'pong': lastSeen is updated above.
    });
    ws.on('pong', () => {
      conn.lastSeen = Date.now();
    });
    ws.on('error', (error) => log.debug('live: socket error', { error: error.message }));
    ws.on('close', () => {
      conn.closed = true;
      release(perAddress, address);
      if (caller) release(perAccount, caller.userId);
      else release(anonymousPerAddress, address);
      connections.delete(conn);
      for (const topic of conn.topics) removeFromIndex(topic, conn);
      conn.topics.clear();
      conn.pending.clear();
    });
  };

  const heartbeat = setInterval(() => {
    const now = Date.now();
    const ping = JSON.stringify({ type: 'ping' } satisfies LiveServerMessage);
    for (const conn of connections) {
      if (now - conn.lastSeen > idleTimeoutMs) {
        conn.ws.terminate();
        continue;
      }
      sendRaw(conn, ping);
      if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  // A socket lives as long as its session: signed out, revoked ("sign out other devices", a password reset) or
  // expired, it is closed at the next check and hears nothing more. One query per check for all sockets.
  let checkingSessions = false;
  const sessionCheck = setInterval(() => {
    if (checkingSessions) return;
    const ids = [...new Set([...connections].flatMap((conn) => (conn.caller?.sessionId ? [conn.caller.sessionId] : [])))];
    if (!ids.length) return;
    checkingSessions = true;
    liveSessions(ids)
      .then((alive) => {
        for (const conn of connections) {
          const id = conn.caller?.sessionId;
          if (!id || alive.has(id) || conn.closed) continue;
          for (const topic of conn.topics) removeFromIndex(topic, conn);
          conn.topics.clear();
          conn.closed = true;
          conn.ws.close(4001, 'Session ended');
        }
      })
      .catch((error: unknown) => log.error('live: session check failed', { error: (error as Error).message }))
      .finally(() => {
        checkingSessions = false;
      });
  }, sessionCheckMs);
  sessionCheck.unref();

  // --- upgrade ---------------------------------------------------------------------------------------------

  const isAllowedOrigin = (origin: string): boolean => {
    try {
      return allowedOrigins.has(new URL(origin).origin);
    } catch {
      return false; // "null" and other opaque origins
    }
  };

  const handleUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The socket may fail while we authenticate; without a listener that would crash the process.
    const onSocketError = () => socket.destroy();
    socket.on('error', onSocketError);
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin)) {
      log.warn('live: refused a WebSocket from a foreign origin', { origin });
      return refuse(socket, 403);
    }
    // A script's API key never opens a socket (decision 0170): the live socket hears a person's private topics.
    if (apiKeyOf(toHeaders(req.headers)) !== null) return refuse(socket, 403);
    // The address cap comes before any database work: one client cannot hold the process's file descriptors.
    const forwarded = req.headers['x-forwarded-for'];
    const address = forwardedClientIp(req.socket.remoteAddress ?? 'unknown', Array.isArray(forwarded) ? forwarded.join(',') : forwarded, ctx.config.trustedProxyHops);
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) {
      log.warn('live: refused a WebSocket over the per-address cap', { address });
      return refuse(socket, 429);
    }
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    let handedOver = false;
    try {
      let caller: Caller | null;
      try {
        caller = await identify(toHeaders(req.headers));
      } catch (error) {
        log.error('live: could not resolve the caller of an upgrade', { error: (error as Error).message });
        return refuse(socket, 500);
      }
      if (closing) return refuse(socket, 503);
      if (socket.destroyed) return;
      if (caller && (perAccount.get(caller.userId) ?? 0) >= maxPerAccount) {
        log.warn('live: refused a WebSocket over the per-account cap', { userId: caller.userId });
        return refuse(socket, 429);
      }
      if (!caller && (anonymousPerAddress.get(address) ?? 0) >= maxAnonymousPerAddress) {
        log.warn('live: refused an anonymous WebSocket over the per-address cap', { address });
        return refuse(socket, 429);
      }
      if (caller) perAccount.set(caller.userId, (perAccount.get(caller.userId) ?? 0) + 1);
      else anonymousPerAddress.set(address, (anonymousPerAddress.get(address) ?? 0) + 1);
      handedOver = true;
      let upgraded = false;
      // ws refuses a malformed handshake without calling back: the counts are given back when that socket closes.
      socket.once('close', () => {
        if (upgraded) return;
        release(perAddress, address);
        if (caller) release(perAccount, caller.userId);
        else release(anonymousPerAddress, address);
      });
      wss.handleUpgrade(req, socket, head, (ws) => {
        upgraded = true;
        socket.off('error', onSocketError);
        onConnection(ws, caller, address);
      });
    } finally {
      if (!handedOver) release(perAddress, address);
    }
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let pathname = '';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      // fall through: not ours
    }
    if (pathname !== LIVE_PATH || closing) {
      socket.destroy();
      return;
    }
    void handleUpgrade(req, socket, head);
  };
  server.on('upgrade', onUpgrade);

  return {
    connectionCount: () => connections.size,
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      offBus();
      server.off('upgrade', onUpgrade);
      await Promise.all(
        [...connections].map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.closed) return resolve();
              conn.ws.once('close', () => resolve());
              // 1012 Service Restart: this process goes away, not the service; the client reconnects at once (to
              // another process behind the load balancer) and refetches, instead of backing off (decision 0179).
              conn.ws.close(1012, 'Service Restart');
              // A peer that does not answer the close handshake is cut off.
              setTimeout(() => conn.ws.terminate(), 1000).unref();
            }),
        ),
      );
      subscribers.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** Answers a refused handshake with a bare HTTP status and closes the socket once it is written. */
function refuse(socket: Duplex, status: number): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
