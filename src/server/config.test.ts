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

describe('ADMIN_PASSWORD', () => {
  it('is checked at start like any new password, with the reason in words', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'aaaaaaaa' })).toThrow(
      /ADMIN_PASSWORD: This password is too easy to guess\. Repeated characters/,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1' })).toThrow(/ADMIN_PASSWORD: .*most common/);
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'gridiron.greg@example.test', ADMIN_PASSWORD: 'gridiron.greg' }),
    ).toThrow(/ADMIN_PASSWORD: The password must not be your e-mail address/);
    expect(loadConfig({ ADMIN_PASSWORD: 'admin-pass-1234' }).adminPassword).toBe('admin-pass-1234');
    expect(loadConfig({}).adminPassword).toBeUndefined();
  });
});
