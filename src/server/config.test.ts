import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('CLIENT_IPV6_PREFIX', () => {
  it('defaults to 64 and takes 16 to 128', () => {
    expect(loadConfig({}).clientIpv6Prefix).toBe(64);
    expect(loadConfig({ CLIENT_IPV6_PREFIX: '48' }).clientIpv6Prefix).toBe(48);
    expect(loadConfig({ CLIENT_IPV6_PREFIX: '128' }).clientIpv6Prefix).toBe(128);
  });

  it('refuses a prefix length it cannot use, naming the setting', () => {
    for (const value of ['129', '0', 'wide', '64.5'])
      expect(() => loadConfig({ CLIENT_IPV6_PREFIX: value }), value).toThrow(/CLIENT_IPV6_PREFIX/);
  });
});
