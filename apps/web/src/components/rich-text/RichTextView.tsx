import { Typography } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import classes from './RichTextView.module.css';
import { showStoreImage } from './store-images';

/**
 * Shows a stored rich text (a FAQ answer, a news item…). Its HTML was sanitized by the API with an
 * allow-list before it was stored (apps/api/src/lib/rich-text.ts: no script, style, handler or
 * foreign image can be in it), and is written by staff only.
 *
 * Its images come from our file store, which wants the caller's token: their src is held back
 * (so the browser sends no request of its own) and they are loaded by the API client.
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  // Sanitized HTML writes a store image exactly `<img src="/api/files/{id}"`.
  const prepared = useMemo(() => html.replace(/<img src="(\/api\/files\/\d+)"/g, '<img data-file-src="$1"'), [html]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the images to load are those `prepared` has just rendered
  useEffect(() => {
    const images = container.current?.querySelectorAll<HTMLImageElement>('img[data-file-src]') ?? [];
    const releases = [...images].map((img) => showStoreImage(img, img.dataset.fileSrc ?? ''));
    return () => {
      for (const release of releases) release();
    };
  }, [prepared]);

  return (
    <Typography className={className}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server with an allow-list (see above) */}
      <div ref={container} className={classes.view} dangerouslySetInnerHTML={{ __html: prepared }} />
    </Typography>
  );
}
