/**
 * A body's stored HTML (markdown.ts, on every save). Its libraries (marked, sanitize-html and their
 * parsers: about 2 MB of heap once loaded) come with the first save, not with the server: a server
 * at rest only reads the HTML already stored.
 */
export async function renderBody(body: string): Promise<string> {
  const { renderMarkdown } = await import('./markdown.ts');
  return renderMarkdown(body);
}
