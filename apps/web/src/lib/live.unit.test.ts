import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A WebSocket that the test opens, closes and speaks for. */
class FakeSocket {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = 3;
  }

  emit(type: 'open' | 'close' | 'message', event: object = {}) {
    if (type === 'open') this.readyState = FakeSocket.OPEN;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  answer(message: object) {
    this.emit('message', { data: JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.instances.at(-1)!;

async function freshClient() {
  vi.resetModules();
  return (await import('./live.ts')).live;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'https:', host: 'mingle.test' }, addEventListener: () => {} });
  vi.stubGlobal('document', { addEventListener: () => {}, visibilityState: 'visible' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live client when the server process restarts (close code 1012)', () => {
  it('reconnects within a second, however far its backoff had grown', async () => {
    const live = await freshClient();
    live.subscribe('event:1:feed', () => {});
    expect(latest().url).toBe('wss://mingle.test/api/live');
    // Three failed tries: the next ordinary retry would wait about 4 s.
    for (const wait of [600, 1_200, 2_400]) {
      latest().emit('close', { code: 1006 });
      await vi.advanceTimersByTimeAsync(wait);
    }
    expect(FakeSocket.instances).toHaveLength(4);
    latest().emit('open');
    latest().emit('close', { code: 1012 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.instances).toHaveLength(5);
  });

  it('refetches once the server has answered every subscription on the new socket, not before', async () => {
    const live = await freshClient();
    live.subscribe('event:1:feed', () => {});
    live.subscribe('event:1:qa', () => {});
    const resync = vi.fn();
    live.onResync(resync);
    latest().emit('open');
    latest().answer({ type: 'subscribed', topic: 'event:1:feed' });
    latest().answer({ type: 'subscribed', topic: 'event:1:qa' });
    expect(resync).not.toHaveBeenCalled(); // the first connection missed nothing

    latest().emit('close', { code: 1012 });
    await vi.advanceTimersByTimeAsync(1_000);
    latest().emit('open');
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: 'event:1:feed' },
      { type: 'subscribe', topic: 'event:1:qa' },
    ]);
    latest().answer({ type: 'subscribed', topic: 'event:1:feed' });
    expect(resync).not.toHaveBeenCalled();
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the development trace of a denial
    latest().answer({ type: 'denied', topic: 'event:1:qa' });
    expect(resync).toHaveBeenCalledOnce();
  });
});
