import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';

/** The Redis the tests use (CI machines run one here); tests share it, so each uses channels of its own. */
export const testRedisUrl = 'redis://127.0.0.1:6379';

/** Whether a Redis answers at testRedisUrl: the Redis variants of the tests are skipped only when none does. */
export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(testRedisUrl, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Runs `use` with a connection of its own to the test Redis (to publish raw payloads, list or kill clients). */
export async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(testRedisUrl);
  try {
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

/** The ids of the connections whose CLIENT SETNAME is `name`. */
export function redisClientIds(name: string): Promise<string[]> {
  return withRedis(async (redis) =>
    ((await redis.client('LIST')) as string)
      .split('\n')
      .filter((line) => line.split(' ').includes(`name=${name}`))
      .map((line) => /(?:^| )id=(\d+)/.exec(line)![1]!),
  );
}

/** Closes, from another connection, the connections whose CLIENT SETNAME is `name`; answers how many. */
export async function killRedisClients(name: string): Promise<number> {
  const ids = await redisClientIds(name);
  await withRedis(async (redis) => {
    for (const id of ids) await redis.client('KILL', 'ID', id);
  });
  return ids.length;
}

/**
 * A TCP relay in front of the test Redis whose `silence()` makes the connections open at that moment go quiet
 * without closing: nothing passes either way, as when a NAT or firewall between a process and Redis forgets the
 * connection. Connections made afterwards pass as usual.
 */
export async function silenceableRedis(): Promise<{ url: string; silence(): void; close(): Promise<void> }> {
  const target = new URL(testRedisUrl);
  const open = new Set<{ client: Socket; upstream: Socket }>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const pair = { client, upstream };
    open.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    silence() {
      for (const { client, upstream } of open) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close() {
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
