import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { forwardedClientIp } from './client-ip.ts';

describe('the client address behind trusted proxies', () => {
  it('believes only the entries our own proxies appended, never what the client wrote in front', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the address it saw (203.0.113.7).
    expect(forwardedClientIp('10.0.0.2', '1.2.3.4, 203.0.113.7', 1)).toBe('203.0.113.7');
    // Two proxies (a cloud load balancer, then nginx): the second appended the first's address.
    expect(forwardedClientIp('10.0.0.2', '1.2.3.4, 203.0.113.7, 10.0.0.9', 2)).toBe('203.0.113.7');
    // A client rotating its own entries gets the same key every time.
    for (const spoof of ['9.9.9.9', '8.8.8.8, 7.7.7.7', '']) {
      expect(forwardedClientIp('10.0.0.2', `${spoof ? `${spoof}, ` : ''}203.0.113.7`, 1)).toBe('203.0.113.7');
    }
  });

  it('uses the socket address when no proxy is trusted or none forwarded', () => {
    expect(forwardedClientIp('198.51.100.4', '1.2.3.4', 0)).toBe('198.51.100.4');
    expect(forwardedClientIp('198.51.100.4', undefined, 1)).toBe('198.51.100.4');
    expect(forwardedClientIp('198.51.100.4', ' , ', 1)).toBe('198.51.100.4');
  });

  it('takes the leftmost entry when there are fewer entries than proxies', () => {
    expect(forwardedClientIp('10.0.0.2', '203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('reads TRUST_PROXY as false, true (one proxy) or a hop count, and refuses anything else', () => {
    const base = { NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).trustedProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustedProxyHops).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
