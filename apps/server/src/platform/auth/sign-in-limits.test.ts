import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { jsonRequest, startTestServer, useTestServer } from '../../test/harness.ts';

const server = useTestServer();

const signIn = (email: string, password: string, ip: string) =>
  server.request('/api/auth/sign-in/email', jsonRequest({ email, password }), ip);

describe('sign-in limits keyed on the account, with a high ceiling per address (decision 0082)', () => {
  it('lets 200 different accounts sign in from one address within a minute', async () => {
    const hall = '203.0.113.50';
    const users = await Promise.all(Array.from({ length: 200 }, () => createUser(server.ctx)));
    const statuses: number[] = [];
    // Ten at a time: a crowd at the doors, not one queue.
    for (let start = 0; start < users.length; start += 10) {
      const batch = users.slice(start, start + 10);
      statuses.push(...(await Promise.all(batch.map((user) => signIn(user.email, user.password, hall).then((r) => r.status)))));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 180_000);

  it('limits wrong passwords for one account however many addresses they come from', async () => {
    const user = await createUser(server.ctx);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await signIn(user.email, 'wrong-password', `198.51.100.${attempt + 1}`)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the minute: the guesser learns nothing from it.
    expect((await signIn(user.email, user.password, '198.51.100.99')).status).toBe(429);
    // Other accounts are not affected.
    const other = await createUser(server.ctx);
    expect((await signIn(other.email, other.password, '198.51.100.1')).status).toBe(200);
  });

  it('still has a ceiling per address (SIGN_IN_RATE_LIMIT_PER_IP, shown lowered to 15)', async () => {
    const strict = await startTestServer({ SIGN_IN_RATE_LIMIT_PER_IP: '15' });
    try {
      const ip = '192.0.2.200';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 17; attempt++) {
        const response = await strict.request(
          '/api/auth/sign-in/email',
          jsonRequest({ email: `nobody-${attempt}@acme-test.com`, password: 'whatever-pass' }),
          ip,
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 15).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(15)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });

  it('limits password-reset requests per account, not per address', async () => {
    const hall = '203.0.113.51';
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(server.ctx)));
    for (const user of users) {
      const response = await server.request('/api/auth/request-password-reset', jsonRequest({ email: user.email }), hall);
      expect(response.status).toBe(200);
    }
    const target = users[0]!;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await server.request(
        '/api/auth/request-password-reset',
        jsonRequest({ email: target.email }),
        `198.51.100.${150 + attempt}`,
      );
      statuses.push(response.status);
    }
    // One was used above: four more pass, then the account's five an hour are spent.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
