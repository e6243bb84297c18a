import { describe, expect, it } from 'vitest';
import { screenPreloads } from './spa.ts';

describe('screenPreloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', imports: ['_runtime.js', '_http.js'] },
    '_runtime.js': { file: 'assets/runtime-1.js' },
    '_http.js': { file: 'assets/http-1.js', imports: ['_runtime.js'] },
    '_tile.js': { file: 'assets/tile-1.js', imports: ['_http.js', '_image.js'] },
    '_image.js': { file: 'assets/image-1.js', css: ['assets/image-1.css'] },
    'features/home/home-page.tsx': {
      file: 'assets/home-page-1.js',
      imports: ['_http.js', '_tile.js', 'index.html'],
    },
  };

  it("names a screen's chunk and everything it imports that the entry does not", () => {
    const tags = screenPreloads(manifest).get('features/home/home-page.tsx')!;
    const hrefs = [...tags.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(
      ['/assets/home-page-1.js', '/assets/image-1.css', '/assets/image-1.js', '/assets/tile-1.js'].sort(),
    );
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/tile-1.js">');
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/assets/image-1.css">');
  });

  it('gives nothing for a screen missing from the manifest', () => {
    expect(screenPreloads(manifest).get('features/search/search-page.tsx')).toBe('');
  });
});
