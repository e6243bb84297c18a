import { describe, expect, it } from 'vitest';
import pkg from '#package.json' with { type: 'json' };
import { loadConfig } from './config.ts';

const prod = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', ...env });

describe('the Rookie ADP discovery settings', () => {
  it("walks Sleeper by default and never searches MFL unless MFL's permission is declared", () => {
    expect(prod()).toMatchObject({ adpSleeperWalk: true, adpMflLeagueSearch: false, notices: [] });
    expect(prod({ ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: '1' }).adpMflLeagueSearch).toBe(true);
    expect(prod({ ADP_SLEEPER_WALK: '0' }).adpSleeperWalk).toBe(false);
    // Tests start with both off unless they ask.
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      adpSleeperWalk: false,
      adpMflLeagueSearch: false,
    });
  });

  it('still reads the old ADP_DISCOVERY: 0 turns the Sleeper walk off, 1 never turns the MFL search on', () => {
    const off = prod({ ADP_DISCOVERY: '0' });
    expect(off).toMatchObject({ adpSleeperWalk: false, adpMflLeagueSearch: false });
    expect(off.notices.join(' ')).toMatch(/ADP_DISCOVERY=0 is read as ADP_SLEEPER_WALK=0/);
    const on = loadConfig({ NODE_ENV: 'test', ADP_DISCOVERY: '1' });
    expect(on).toMatchObject({ adpSleeperWalk: true, adpMflLeagueSearch: false });
    expect(on.notices.join(' ')).toMatch(/no longer turns on MFL's league search/);
    // The new name wins over the old one.
    expect(prod({ ADP_DISCOVERY: '0', ADP_SLEEPER_WALK: '1' }).adpSleeperWalk).toBe(true);
    expect(() => prod({ ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION: 'yes' })).toThrow(
      /ADP_MFL_LEAGUE_SEARCH_WITH_MFL_PERMISSION/,
    );
  });
});

describe('the User-Agent the site sends', () => {
  it('names the site, its version and its public address', () => {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    const c = prod({ PUBLIC_URL: 'https://dynasty.example.org/' });
    expect(c.userAgent).toBe(`DynastyForge/${pkg.version} (+https://dynasty.example.org)`);
    expect(c.mflUserAgent).toBe(c.userAgent);
  });

  it('leaves the address out when the site has none, rather than naming one that is not its own', () => {
    expect(prod().userAgent).toBe(`DynastyForge/${pkg.version}`);
  });

  it('takes USER_AGENT for every service and MFL_USER_AGENT for MFL only', () => {
    const c = prod({ USER_AGENT: 'MySite/2.0 (+https://my.example)', MFL_USER_AGENT: 'MySite-MFL/2.0' });
    expect(c.userAgent).toBe('MySite/2.0 (+https://my.example)');
    expect(c.mflUserAgent).toBe('MySite-MFL/2.0');
    expect(prod({ USER_AGENT: 'MySite/2.0' }).mflUserAgent).toBe('MySite/2.0');
    expect(() => prod({ USER_AGENT: 'bad\nagent' })).toThrow(/USER_AGENT/);
    // Empty (as compose passes an unset variable) is unset.
    expect(prod({ MFL_USER_AGENT: '' }).mflUserAgent).toBe(prod().userAgent);
  });
});

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
  it('is read as given (the password rules judge it when the first super user is made: bootstrap.ts)', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'admin-pass-1234' }).adminPassword).toBe('admin-pass-1234');
    expect(loadConfig({}).adminPassword).toBeUndefined();
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('outgoing mail', () => {
  it('is off without SMTP_URL (an empty one too), and on with one', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@smtp.example.com:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it("sends from no-reply at the site's public host unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({}).mailFrom).toBe('Dynasty Forge <no-reply@localhost>');
    expect(loadConfig({ PUBLIC_URL: 'https://dynasty.example.com/' }).mailFrom).toBe(
      'Dynasty Forge <no-reply@dynasty.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'Site <site@example.org>' }).mailFrom).toBe('Site <site@example.org>');
  });
});

describe('OPTIMIZE_FOR_SIZE', () => {
  it('is on unless set to 0, and refuses anything else', () => {
    expect(prod().optimizeForSize).toBe(true);
    expect(prod({ OPTIMIZE_FOR_SIZE: '0' }).optimizeForSize).toBe(false);
    expect(() => prod({ OPTIMIZE_FOR_SIZE: 'yes' })).toThrow(/OPTIMIZE_FOR_SIZE/);
  });
});
