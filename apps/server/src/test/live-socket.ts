import type { LiveServerMessage } from '@mingle/shared/core/live';
import type WebSocket from 'ws';

/** Waits for the first message on a live socket that matches (for tests that talk to a server process). */
export function nextLiveMessage(socket: WebSocket, matches: (message: LiveServerMessage) => boolean, timeoutMs = 15_000) {
  return new Promise<LiveServerMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching live message')), timeoutMs);
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (!matches(message)) return;
      clearTimeout(timer);
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}
