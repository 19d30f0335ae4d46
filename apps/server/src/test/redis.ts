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
