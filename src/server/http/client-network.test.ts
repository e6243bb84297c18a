import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentCallContext, registerVisitorContext } from '../leagues/call-context.ts';
import { clientNetwork, registerClientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 one as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const net = '2001:db8:1:2::/64';
    for (const a of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd::9',
      '[2001:db8:1:2::5]',
      '2001:db8:1:2::7%eth0',
      '2001:db8:1:2:0:0:10.0.0.1',
    ])
      expect(clientNetwork(a), a).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('::/64');
  });

  it('takes another prefix length: 48 groups more, 128 counts every address alone, 60 cuts inside a group', () => {
    expect(clientNetwork('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8:1:ffff::1', 48)).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1');
    expect(clientNetwork('2001:db8:1:2::2', 128)).toBe('2001:db8:1:2::2');
    expect(clientNetwork('2001:db8:1:2f::1', 60)).toBe('2001:db8:1:20::/60');
  });

  it('leaves something that is no address alone', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('the league queues’ visitor', () => {
  async function visitorOf(prefix: number, remoteAddress: string) {
    const app = Fastify();
    registerClientNetwork(app, prefix);
    registerVisitorContext(app);
    app.get('/who', async () => ({ visitor: currentCallContext()?.visitor }));
    const res = await app.inject({ method: 'GET', url: '/who', remoteAddress });
    await app.close();
    return res.json().visitor as string;
  }

  it('is the client’s network: addresses rotated inside one /64 wait in one line', async () => {
    expect(await visitorOf(64, '2001:db8:6:6::1')).toBe(await visitorOf(64, '2001:db8:6:6::beef'));
    expect(await visitorOf(64, '2001:db8:6:6::1')).not.toBe(await visitorOf(64, '2001:db8:6:7::1'));
    expect(await visitorOf(128, '2001:db8:6:6::1')).not.toBe(await visitorOf(128, '2001:db8:6:6::2'));
    expect(await visitorOf(64, '10.0.0.1')).toBe('10.0.0.1');
  });
});
