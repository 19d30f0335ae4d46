import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, type Resolver } from './outbound.ts';

// The outbound guard's ranges and its refusals, without a network: names resolve through an injected resolver.

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['not an address', false],
    ['172.32.0.1', true],
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkOutboundUrl', () => {
  const policy = { allowPrivateNetworks: false, resolve: resolver({ 'hooks.example.com': ['93.184.215.14'], 'mixed.example.com': ['93.184.215.14', '10.0.0.5'], 'inside.example.com': ['fd00::5'] }) };

  it('answers the checked address of a public https URL, to pin the connection to', async () => {
    await expect(checkOutboundUrl('https://hooks.example.com/in', policy)).resolves.toMatchObject({ address: '93.184.215.14', family: 4 });
  });

  it.each([
    ['http://hooks.example.com/in', 'url_https'],
    ['https://user:pw@hooks.example.com/in', 'url_invalid'],
    ['https://mixed.example.com/in', 'url_refused'],
    ['https://inside.example.com/in', 'url_refused'],
    ['https://127.0.0.1/in', 'url_refused'],
    ['https://2130706433/in', 'url_refused'],
    ['https://[::1]/in', 'url_refused'],
    ['https://[::ffff:a00:1]/in', 'url_refused'],
    ['https://unknown.example.com/in', 'url_unresolved'],
    ['nonsense', 'url_invalid'],
  ])('refuses %s (%s)', async (url, code) => {
    await expect(checkOutboundUrl(url, policy)).rejects.toMatchObject({ code });
  });

  it('lets an operator allow private networks and http:', async () => {
    await expect(checkOutboundUrl('http://127.0.0.1:8080/in', { ...policy, allowPrivateNetworks: true })).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});
