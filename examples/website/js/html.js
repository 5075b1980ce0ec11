// A record's rich text (a post's content, a posting's description). The API sanitizes it when it is saved; the page
// still rebuilds it from an allow-list, so a website never trusts markup it did not check itself.
import { safeUrl } from './dom.js';

// Kept as they are.
const ALLOWED = new Set([
  'P', 'BR', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'A', 'BLOCKQUOTE',
  'CODE', 'PRE', 'HR', 'IMG', 'FIGURE', 'FIGCAPTION', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'SUB', 'SUP',
]);
// Dropped with everything inside; any other element is replaced by its content.
const DROPPED = new Set([
  'SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'FORM', 'INPUT', 'BUTTON',
  'TEXTAREA', 'SELECT', 'SVG', 'MATH', 'LINK', 'META', 'BASE', 'TITLE', 'HEAD',
]);
/** @type {Record<string, string[]>} */
const ATTRIBUTES = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  OL: ['start'],
  TH: ['colspan', 'rowspan', 'scope'],
  TD: ['colspan', 'rowspan'],
};

/**
 * @param {Node} source a node of the inert parsed document
 * @returns {DocumentFragment} the same content, rebuilt in this document from allowed parts only
 */
function rebuild(source) {
  const fragment = document.createDocumentFragment();
  for (const node of source.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      fragment.append(document.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (!(node instanceof Element) || DROPPED.has(node.tagName)) continue;
    if (!ALLOWED.has(node.tagName)) {
      // The page has its own h1: a heading 1 in the content becomes a heading 2.
      if (node.tagName === 'H1') fragment.append(copy(node, 'h2'));
      else fragment.append(rebuild(node));
      continue;
    }
    fragment.append(copy(node, node.tagName.toLowerCase()));
  }
  return fragment;
}

/** @param {Element} node @param {string} tag */
function copy(node, tag) {
  const element = document.createElement(tag);
  for (const name of ATTRIBUTES[node.tagName] ?? []) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value);
      if (url) element.setAttribute(name, url);
    } else {
      element.setAttribute(name, value);
    }
  }
  if (element instanceof HTMLAnchorElement && element.origin !== window.location.origin) element.rel = 'noopener noreferrer';
  if (element instanceof HTMLImageElement) {
    element.loading = 'lazy';
    if (!element.hasAttribute('alt')) element.alt = '';
  }
  element.append(rebuild(node));
  return element;
}

/**
 * Replaces the container's content with the rich text.
 * @param {Element} container
 * @param {string | null | undefined} html
 */
export function setRichText(container, html) {
  // DOMParser's document is inert: its scripts never run and its images never load.
  const parsed = new DOMParser().parseFromString(html ?? '', 'text/html');
  container.replaceChildren(rebuild(parsed.body));
}
