import { useState } from 'react';

const placeholders = {
  article: { src: '/images/placeholder-article.svg', width: 400, height: 225 },
  profile: { src: '/images/placeholder-profile.svg', width: 200, height: 200 },
};

/**
 * An article or prospect picture, or the local placeholder (400 px wide for articles, 200 px for
 * profiles) when there is none or it fails to load. Width and height are set so nothing jumps.
 */
export function ContentImage({
  src,
  alt,
  kind,
  className = '',
  eager = false,
}: {
  src: string;
  alt: string;
  kind: 'article' | 'profile';
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const placeholder = placeholders[kind];
  const shown = src && !failed ? src : placeholder.src;
  return (
    <img
      src={shown}
      alt={alt}
      width={kind === 'article' ? 400 : 200}
      height={kind === 'article' ? 225 : 200}
      loading={eager ? 'eager' : 'lazy'}
      // An eager picture is the page's first, and usually its largest paint.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={`bg-field-100 object-cover ${className}`}
      data-placeholder={shown === placeholder.src ? kind : undefined}
    />
  );
}
