import sanitizeHtml from 'sanitize-html';

// Rich text (ra-input-rich-text / TipTap output) is stored only after this allow-list has cleaned it, so the
// website can render it as HTML. Anything not listed (script, style, iframe, form, on* handlers, style
// attributes, javascript: and data: URLs) is dropped; script and style lose their content too.
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/**
 * Whether a link's address is one the policy keeps: relative, or of a scheme it allows; read as a browser reads it,
 * without the control characters and spaces it ignores (`jav\tascript:`).
 */
function usableAddress(href: string | undefined): boolean {
  if (href === undefined) return false;
  // eslint-disable-next-line no-control-regex
  const address = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  // `//host` and a browser's `/\host` leave the site: the policy takes neither (allowProtocolRelative).
  if (address === '' || /^[\\/][\\/]/.test(address)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address);
  return !scheme || LINK_SCHEMES.includes(scheme[1]!.toLowerCase());
}

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre',
    'sup', 'sub', 'br', 'hr', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    // A numbered list that goes on after a paragraph ("step 3"): the editor shows its start, so it is kept.
    ol: ['start'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Relative URLs are kept; absolute ones only with these schemes.
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/path` leaves the site without saying so.
  allowProtocolRelative: false,
  // An image left without an address (a picture pasted from Word or Google Docs names a file: or data: address, which
  // is dropped) would show as a broken image or an empty gap on the website: it goes (an outside probe).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // Headings the editor does not have become the nearest it has, instead of plain text: a pasted document's title
    // (h1) stays a heading, as do its h5 and h6.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    ol: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.start !== undefined && /^[1-9]\d{0,5}$/.test(attribs.start)) kept.start = attribs.start;
      return { tagName, attribs: kept };
    },
    a: (tagName, attribs) => {
      if (!usableAddress(attribs.href)) return { tagName, attribs: {} };
      const { target, rel: _rel, ...rest } = attribs;
      // A page opened with target=_blank must not get a handle on the console's window (window.opener).
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: target === '_self' ? { ...rest, target } : rest };
    },
  },
};

// A link whose address is refused (ftp:, javascript:…) is no link: kept as `<a>text</a>` it was shown as a link by
// nothing and stored as one (an outside probe). The policy writes it as a bare `<a>` (no link keeps one: a kept link
// has its href), which goes here with its text kept; a second cleaning takes away anything that leaves unpaired.
const BARE_LINK = /<a>([\s\S]*?)<\/a>/g;

export function sanitizeRichText(html: string): string {
  const cleaned = sanitizeHtml(html, POLICY);
  if (!cleaned.includes('<a>')) return cleaned.trim();
  return sanitizeHtml(cleaned.replace(BARE_LINK, '$1'), POLICY).trim();
}

/** A rich-text field's value as it is stored: cleaned, and null when nothing is left. */
export function storedRichText(html: string): string | null {
  return sanitizeRichText(html) || null;
}

// The links and images of HTML that sanitizeRichText wrote, read without parsing it again. Its output is known: a `<`
// opens a tag (text has `&lt;`), and attribute values are double-quoted with `&`, `<`, `>` and `"` escaped, so a tag
// ends at the first `>` and an attribute's value at its next `"`. Attributes are read one after the other, so
// `alt=" src="` is one alt, never a src.
const ADDRESS_TAG = /<(?:a|img)\s[^>]*>/g;
const ATTRIBUTE = /\s([^\s"'>/=]+)(?:="([^"]*)")?/g;
const ADDRESS_ATTRIBUTES = new Set(['href', 'src']);
const ESCAPED: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };
const unescape = (value: string) => value.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ESCAPED[entity]!);
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cleaned rich text with the address of each link and image (`href`, `src`, as a browser reads them) changed. */
export function mapRichTextAddresses(cleaned: string, change: (address: string) => string): string {
  return cleaned.replace(ADDRESS_TAG, (tag) =>
    tag.replace(ATTRIBUTE, (attribute, name: string, value: string | undefined) =>
      value !== undefined && ADDRESS_ATTRIBUTES.has(name.toLowerCase()) ? ` ${name}="${escape(change(unescape(value)))}"` : attribute,
    ),
  );
}

const IMAGE_TAG = /<img\s[^>]*>/g;

/**
 * Cleaned rich text whose images have a width and height: each one with neither gets both, when `sizeOf` knows the
 * size of its address (a size written by hand is kept as it is).
 */
export function sizeRichTextImages(cleaned: string, sizeOf: (address: string) => { width: number; height: number } | undefined): string {
  return cleaned.replace(IMAGE_TAG, (tag) => {
    let src: string | undefined;
    let sized = false;
    for (const [, name, value] of tag.matchAll(ATTRIBUTE)) {
      const lower = name!.toLowerCase();
      if (lower === 'width' || lower === 'height') sized = true;
      else if (lower === 'src' && value !== undefined) src = unescape(value);
    }
    const size = sized || src === undefined ? undefined : sizeOf(src);
    return size ? tag.replace(/\s*\/?>$/, (end) => ` width="${size.width}" height="${size.height}"${end}`) : tag;
  });
}

/** The addresses of the links and images of cleaned rich text, in order. */
export function richTextAddresses(cleaned: string): string[] {
  const found: string[] = [];
  mapRichTextAddresses(cleaned, (address) => {
    found.push(address);
    return address;
  });
  return found;
}
