/** Settings the server writes into the page (see the server's SPA handler): outside links. */
export interface SiteConfig {
  shopUrl: string;
  socialFeedUrl: string;
  /** The demo's accounts on the simulated services, as JSON (`npm run demo` only). */
  demoAccounts?: string;
}

const fallback: SiteConfig = {
  shopUrl: 'https://shop.dynastyfootball.example',
  socialFeedUrl: 'https://x.com/dynastyfootball',
};

let cachedConfig: SiteConfig | undefined;

/** The server's renderer hands the settings over directly (there is no page to read them from). */
export function setSiteConfig(config: Partial<SiteConfig>) {
  cachedConfig = { ...fallback, ...config };
}

export function siteConfig(): SiteConfig {
  if (cachedConfig) return cachedConfig;
  const el = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
  try {
    cachedConfig = { ...fallback, ...(el?.textContent ? JSON.parse(el.textContent) : {}) };
  } catch {
    cachedConfig = fallback;
  }
  return cachedConfig!;
}
