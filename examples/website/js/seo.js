// A page's title and description come from the console's SEO Management (GET /api/public/seo?path=…): the path is
// the page's path on the company's full website. A page without an entry uses what it knows (a post's title…).
import { getOne } from './api.js';
import { safeUrl } from './dom.js';

export const SITE_NAME = 'Cornerstone';

/**
 * @param {string} name
 * @param {string} content
 * @param {'name' | 'property'} [key]
 */
function setMeta(name, content, key = 'name') {
  let meta = document.head.querySelector(`meta[${key}="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(key, name);
    document.head.append(meta);
  }
  meta.setAttribute('content', content);
}

/**
 * @param {string} path e.g. '/' or `/blog/${slug}`
 * @param {{ title: string, description?: string | null, noindex?: boolean }} fallback used without an SEO entry
 */
export async function applySeo(path, fallback) {
  /** @type {import('./api-types').SeoEntry | null} */
  let entry = null;
  try {
    entry = await getOne('seo', { path });
  } catch (error) {
    // 404: no entry for this page, which is normal. Anything else: the page still works with its fallback.
    if (/** @type {{ status?: number }} */ (error).status !== 404) console.warn('SEO entry not loaded:', error);
  }
  const title = entry?.meta_title || fallback.title;
  const description = entry?.meta_description || fallback.description || '';
  document.title = title;
  setMeta('og:title', title, 'property');
  if (description) {
    setMeta('description', description);
    setMeta('og:description', description, 'property');
  }
  const image = safeUrl(entry?.share_image?.url);
  if (image) setMeta('og:image', image, 'property');
  if (entry?.noindex || fallback.noindex) setMeta('robots', 'noindex');
  const canonical = safeUrl(entry?.canonical_url);
  if (canonical) {
    const link = document.head.querySelector('link[rel="canonical"]') ?? document.head.appendChild(document.createElement('link'));
    link.setAttribute('rel', 'canonical');
    link.setAttribute('href', canonical);
  }
}
