/**
 * A body rendered and sanitised by the server when it was saved (see server/content/markdown.ts),
 * styled here for reading. Video embeds keep a 16:9 frame; an embedded ranking is a framed list.
 */
export function RichText({ html }: { html: string }) {
  return (
    <div
      className="max-w-none text-base leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-field-700 [&_a]:underline [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold-500 [&_blockquote]:bg-gold-100/50 [&_blockquote]:px-4 [&_blockquote]:py-2 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mb-2 [&_h2]:mt-8 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:uppercase [&_h2]:tracking-wide [&_h2]:text-field-900 [&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-field-900 [&_hr]:my-6 [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_strong]:text-field-900 [&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_th]:border-b-2 [&_th]:border-field-900 [&_th]:bg-field-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_.video-embed]:my-6 [&_.video-embed]:aspect-video [&_.video-embed]:overflow-hidden [&_.video-embed]:rounded-xl [&_.video-embed]:bg-field-950 [&_.video-embed_iframe]:h-full [&_.video-embed_iframe]:w-full [&_.ranking-embed]:my-6 [&_.ranking-embed]:rounded-xl [&_.ranking-embed]:border [&_.ranking-embed]:border-field-100 [&_.ranking-embed]:bg-field-50 [&_.ranking-embed]:px-4 [&_.ranking-embed]:py-1 [&_.ranking-embed_small]:text-slate-600"
      // The HTML was sanitised on save: no scripts, handlers or foreign frames survive.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
