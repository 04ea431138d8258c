import { getUploadImageExtension, type ImageUploadResult, Link } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import type { AnyExtension, CommandProps } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLinkHref, normalizeLinkHref } from './link-href';
import { isStoreImage, showStoreImage } from './store-images';

export interface ImageUploads {
  upload: (file: File) => Promise<ImageUploadResult>;
  onError: (file: File, error: unknown) => void;
}

/**
 * Links: what the API keeps (http, https, mailto, tel, our pages), completed as typed
 * ("ademe.fr" → https://ademe.fr), opening in a new tab as the API writes them anyway.
 */
const SafeLink = Link.extend({
  addCommands() {
    const parent = this.parent?.();
    return {
      ...parent,
      setLink: (attributes: { href: string; target?: string | null }) => (props: CommandProps) =>
        parent?.setLink?.({ ...attributes, href: normalizeLinkHref(attributes.href) })(props) ?? false,
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  isAllowedUri: (url) => isAllowedLinkHref(url),
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
});

/**
 * Images picked, dropped or pasted are uploaded to our store (Mantine's upload extension shows
 * them while they are sent); a stored one is shown through the API client (store-images.ts).
 */
function storeImage(uploads: ImageUploads) {
  return getUploadImageExtension(Image, { onImageUpload: uploads.upload, onImageUploadError: uploads.onError }).extend({
    addNodeView() {
      const parent = this.parent?.();
      return (props: { node: { attrs: Record<string, unknown> } }) => {
        const { attrs } = props.node;
        if (attrs.uploading || attrs.uploadError || !isStoreImage(attrs.src)) return parent?.(props);
        const img = document.createElement('img');
        if (typeof attrs.alt === 'string') img.alt = attrs.alt;
        const release = showStoreImage(img, attrs.src);
        return { dom: img, destroy: release };
      };
    },
  });
}

/**
 * What the editor offers is what the API's sanitizer keeps: paragraphs, bold, italic, underline,
 * h2–h4, lists, quotes, links, and images of our store when the field takes some.
 */
export function richTextExtensions(images: ImageUploads | null): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: false,
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
    }),
    SafeLink,
    ...(images ? [storeImage(images)] : []),
  ];
}
