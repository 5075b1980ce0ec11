import sanitizeHtml from 'sanitize-html';

// Rich text (ra-input-rich-text / TipTap output) is stored only after this allow-list has cleaned it, so the
// website can render it as HTML. Anything not listed (script, style, iframe, form, on* handlers, style
// attributes, javascript: and data: URLs) is dropped; script and style lose their content too.
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre',
    'br', 'hr', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Relative URLs are kept; absolute ones only with these schemes.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/path` leaves the site without saying so.
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      // A page opened with target=_blank must not get a handle on the console's window (window.opener).
      if (target === '_blank') return { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } };
      return { tagName, attribs: target === '_self' ? { ...rest, target } : rest };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, POLICY).trim();
}

/** A rich-text field's value as it is stored: cleaned, and null when nothing is left. */
export function storedRichText(html: string): string | null {
  return sanitizeRichText(html) || null;
}
