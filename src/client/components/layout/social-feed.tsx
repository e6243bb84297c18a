import { useEffect, useRef, useState } from 'react';
import { siteConfig } from '#client/lib/site-config.ts';

const WIDGET_SRC = 'https://platform.twitter.com/widgets.js';

/**
 * The social feed embed. It loads only when it scrolls into view and the browser is online, and the
 * plain link stays in place if the widget never arrives, so the page never waits on it or breaks.
 */
export function SocialFeed() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const url = siteConfig().socialFeedUrl;
  const handle = url.replace(/\/$/, '').split('/').pop() ?? 'dynastyfootball';

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      if (!navigator.onLine) return setState('failed');
      setState('loading');
      const script = document.createElement('script');
      script.src = WIDGET_SRC;
      script.async = true;
      script.onerror = () => setState('failed');
      document.body.appendChild(script);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className="card p-4" data-feed-state={state}>
      <h2 className="section-title mb-2 text-base">Follow along</h2>
      <p className="mb-3 text-sm text-slate-600">
        Rookie news, rankings and league-winning takes, as they happen.
      </p>
      <a
        className="twitter-timeline btn-primary w-full"
        data-height="480"
        data-dnt="true"
        href={url.replace('x.com', 'twitter.com')}
        target="_blank"
        rel="noopener noreferrer"
      >
        Posts by @{handle}
      </a>
    </div>
  );
}
