// Building the page from API data. Everything from the API goes in as text (textContent) or through safeUrl; the
// only HTML inserted is a record's rich text, through html.js.

/**
 * @typedef {import('./api-types').Image} Image
 * @typedef {Node | string | null | undefined | false} Child
 */

/**
 * An element with text, attributes and children. Strings become text nodes, never markup.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attributes] `class`, `text`, or any attribute
 * @param {Child[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') element.textContent = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * The URL if it is one a link or an image may use (no javascript:, data: …), else null.
 * @param {unknown} value
 * @returns {string | null}
 */
export function safeUrl(value) {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, window.location.href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// The content names pages of the company's full website (/projects, /blog/<slug>…). This example has three pages, so
// those paths lead to the matching part of them; web addresses pass through.
const SECTIONS = { projects: 'projects', blog: 'blog', careers: 'careers', contact: 'contact' };

/**
 * @param {unknown} link a record's link field (a path or a web address)
 * @returns {string | null}
 */
export function siteLink(link) {
  if (typeof link !== 'string') return null;
  const path = link.match(/^\/([a-z-]+)(?:\/([a-z0-9-]+))?\/?$/);
  if (path) {
    const [, section = '', slug] = path;
    if (section === 'blog' && slug) return `post.html?slug=${encodeURIComponent(slug)}`;
    const anchor = SECTIONS[/** @type {keyof typeof SECTIONS} */ (section)];
    return anchor ? `./#${anchor}` : './';
  }
  if (link === '/') return './';
  return safeUrl(link);
}

/**
 * An <img> for an image from the API, or null when there is none. An image without alt text is decorative. Its
 * width and height, when the API knows them, hold its place while it loads: the page does not jump (CSS keeps
 * `height: auto`, so they set its proportions, not its size).
 * @param {Image | null | undefined} image
 * @param {Record<string, string>} [attributes]
 */
export function picture(image, attributes = {}) {
  const src = safeUrl(image?.url);
  if (!image || !src) return null;
  const size = image.width && image.height ? { width: String(image.width), height: String(image.height) } : {};
  return h('img', { src, alt: image.alt ?? '', loading: 'lazy', decoding: 'async', ...size, ...attributes });
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A <time> for an ISO date, or null when there is none.
 * @param {string | null | undefined} iso
 */
export function time(iso) {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return h('time', { datetime: iso, text: dateFormat.format(new Date(iso)) });
}

/** 'full_time' → 'Full time': the stored value of a choice, readable. @param {string | null | undefined} value */
export function readable(value) {
  if (!value) return '';
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Fills a section from a loader: shows "Loading…" until it answers, then its content, an empty text or an error.
 * The section's <ul>/<div data-items> receives the nodes; its <p data-status> tells the state.
 * @param {string} id the section's id
 * @param {{ load: () => Promise<Node[]>, empty: string, error: string, hideWhenEmpty?: boolean }} options
 */
export async function fillSection(id, { load, empty, error, hideWhenEmpty = false }) {
  const section = document.getElementById(id);
  if (!section) return;
  const items = section.querySelector('[data-items]');
  const status = /** @type {HTMLElement | null} */ (section.querySelector('[data-status]'));
  try {
    const nodes = await load();
    items?.replaceChildren(...nodes);
    if (nodes.length === 0 && hideWhenEmpty) section.hidden = true;
    if (status) {
      status.textContent = nodes.length === 0 ? empty : '';
      status.hidden = nodes.length > 0;
    }
  } catch (problem) {
    console.error(`Loading #${id} failed:`, problem);
    if (hideWhenEmpty) section.hidden = true;
    if (status) {
      status.textContent = error;
      status.classList.add('status--error');
      status.hidden = false;
    }
  }
}
