import type { LiveClientMessage, LiveEvent, LiveServerMessage } from '@mingle/shared/core/live';

type EventHandler = (event: LiveEvent) => void;
type ResyncCallback = () => void;

const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 30_000;
// A page change unsubscribes and the next page subscribes again a moment later: keep the socket through that gap.
const IDLE_CLOSE_MS = 10_000;
// A connection that lasted this long was healthy: the next drop starts the backoff from the beginning again.
const STABLE_AFTER_MS = 5_000;
// 1012 Service Restart: the server process stops, the service does not (decision 0179).
const SERVICE_RESTART = 1012;
// After a restart every tab of that process reconnects: spread them over this much time, not one millisecond.
const RESTART_JITTER_MS = 1_000;

/**
 * The one WebSocket of this tab (`/api/live`), shared by every page through topics. It opens when the first
 * topic is subscribed, reconnects by itself with exponential backoff and jitter, subscribes again to every
 * topic after a reconnect and then runs the resync callbacks, because events sent while the socket was down
 * are gone: the pages refetch instead. The refetch waits until the server has answered every subscription, so an
 * event is either in what the page fetches or heard live. A socket closed with 1012 (the server process restarts)
 * reconnects at once, through the load balancer to another process. It closes once nothing has listened for a while.
 */
class LiveClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly resyncCallbacks = new Set<ResyncCallback>();
  private reconnectAttempts = 0;
  private hasBeenOpen = false;
  /** After a reconnect, the topics the server has not yet answered; the resync runs once none is left. */
  private awaitingAnswers: Set<string> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Coming back online or to the tab is the moment to retry, not whenever the backoff timer says.
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => this.reconnectNow());
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') this.reconnectNow();
      });
    }
  }

  /** Listens to `topic` until the returned function is called. Several listeners share one server subscription. */
  subscribe(topic: string, handler: EventHandler): () => void {
    let topicHandlers = this.handlers.get(topic);
    if (!topicHandlers) {
      topicHandlers = new Set();
      this.handlers.set(topic, topicHandlers);
      this.send({ type: 'subscribe', topic });
    }
    topicHandlers.add(handler);
    clearTimeout(this.idleTimer);
    this.ensureSocket();

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      topicHandlers.delete(handler);
      if (topicHandlers.size > 0 || this.handlers.get(topic) !== topicHandlers) return;
      this.handlers.delete(topic);
      this.send({ type: 'unsubscribe', topic });
      // The server does not answer a subscription cancelled while its check runs.
      this.answered(topic);
      if (this.handlers.size === 0) {
        this.idleTimer = setTimeout(() => {
          this.close();
          // Nobody listened, so nothing was missed: the next socket's first open needs no resync.
          this.hasBeenOpen = false;
        }, IDLE_CLOSE_MS);
      }
    };
  }

  /** Runs `callback` after every reconnect, so the caller can refetch what it may have missed. */
  onResync(callback: ResyncCallback): () => void {
    this.resyncCallbacks.add(callback);
    return () => this.resyncCallbacks.delete(callback);
  }

  /**
   * Drops the socket and opens a new one if anything still listens. The server checks topic rights with the
   * session of the upgrade request, so call this whenever the signed-in user changes.
   */
  restart(): void {
    this.close();
    this.reconnectAttempts = 0;
    if (this.handlers.size === 0) this.hasBeenOpen = false;
    this.ensureSocket();
  }

  private ensureSocket(): void {
    if (this.socket || this.reconnectTimer !== undefined || this.handlers.size === 0) return;
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${window.location.host}/api/live`);
    this.socket = socket;
    let openedAt: number | undefined;

    socket.addEventListener('open', () => {
      openedAt = Date.now();
      if (this.hasBeenOpen) this.awaitingAnswers = new Set(this.handlers.keys());
      for (const topic of this.handlers.keys()) this.send({ type: 'subscribe', topic });
      this.hasBeenOpen = true;
    });
    socket.addEventListener('message', (message) => this.receive(message.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return; // closed on purpose by close() or restart()
      this.socket = null;
      this.awaitingAnswers = null;
      if (event.code === SERVICE_RESTART) {
        // Not a failure: another process is there now.
        this.reconnectAttempts = 0;
        this.scheduleReconnect(Math.random() * RESTART_JITTER_MS);
        return;
      }
      // Counting from the open event would let a server that accepts and then drops us cause a tight loop.
      if (openedAt !== undefined && Date.now() - openedAt >= STABLE_AFTER_MS) this.reconnectAttempts = 0;
      this.scheduleReconnect();
    });
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(raw) as LiveServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' });
        break;
      case 'event':
        for (const handler of this.handlers.get(message.topic) ?? []) safely(() => handler(message.event));
        break;
      case 'denied':
        // The page still works from its HTTP data; it just won't update live. Worth a trace while developing.
        if (import.meta.env.DEV) console.warn(`[live] subscription to ${message.topic} was denied`);
        this.answered(message.topic);
        break;
      case 'subscribed':
        this.answered(message.topic);
        break;
    }
  }

  /** Once every topic is answered after a reconnect, the pages refetch what they may have missed meanwhile. */
  private answered(topic: string): void {
    if (!this.awaitingAnswers?.delete(topic) || this.awaitingAnswers.size > 0) return;
    this.awaitingAnswers = null;
    for (const callback of this.resyncCallbacks) safely(callback);
  }

  private send(message: LiveClientMessage): void {
    // Before the socket is open there is nothing to do: `open` subscribes to every topic in one go.
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Reconnects after `delay`, by default the next step of the exponential backoff. */
  private scheduleReconnect(delay?: number): void {
    if (this.handlers.size === 0) return;
    if (delay === undefined) {
      const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** this.reconnectAttempts);
      // ±20% jitter, so a server restart isn't followed by every tab reconnecting in the same millisecond.
      delay = Math.min(BACKOFF_MAX_MS, ceiling * (0.8 + Math.random() * 0.4));
      this.reconnectAttempts += 1;
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureSocket();
    }, delay);
  }

  private reconnectNow(): void {
    if (this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.ensureSocket();
  }

  private close(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    this.awaitingAnswers = null;
    socket?.close(1000);
  }
}

function safely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    // One broken listener must not stop the others from hearing the event.
    console.error('[live] listener failed', error);
  }
}

export const live = new LiveClient();
