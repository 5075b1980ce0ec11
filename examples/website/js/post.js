// A blog post: post.html?slug=<slug> reads GET /api/public/blogs/<slug>. Drafts and posts not yet due answer 404.
import { getPost } from './api.js';
import { h, picture, time } from './dom.js';
import { setRichText } from './html.js';
import { renderFooter } from './layout.js';
import { applySeo, SITE_NAME } from './seo.js';

const article = /** @type {HTMLElement} */ (document.getElementById('post'));
const heading = /** @type {HTMLElement} */ (article.querySelector('h1'));
const slug = new URLSearchParams(window.location.search).get('slug') ?? '';

/** @param {string} title @param {string} text */
function showProblem(title, text) {
  heading.textContent = title;
  article.querySelector('[data-meta]')?.remove();
  /** @type {HTMLElement} */ (article.querySelector('[data-content]')).replaceChildren(
    h('p', { text }),
    h('p', {}, [h('a', { href: './#blog', text: 'See the latest posts' })]),
  );
  article.setAttribute('aria-busy', 'false');
}

async function renderPost() {
  if (!slug) {
    showProblem('Post not found', 'This address does not name a post.');
    void applySeo('/blog', { title: `Post not found | ${SITE_NAME}`, noindex: true });
    return;
  }
  let post;
  try {
    post = await getPost(slug);
  } catch (error) {
    const missing = /** @type {{ status?: number }} */ (error).status === 404;
    showProblem(
      missing ? 'Post not found' : 'This post could not be loaded',
      missing ? 'This post does not exist or is not published yet.' : 'Please try again in a moment.',
    );
    void applySeo(`/blog/${slug}`, { title: `Post not found | ${SITE_NAME}`, noindex: true });
    return;
  }
  void applySeo(`/blog/${slug}`, { title: `${post.title} | ${SITE_NAME}`, description: post.excerpt });
  heading.textContent = post.title;
  const date = time(post.published_at);
  /** @type {string[]} */
  const tags = Array.isArray(post.tags) ? post.tags : [];
  /** @type {HTMLElement} */ (article.querySelector('[data-meta]')).replaceChildren(
    date || post.author ? h('p', { class: 'meta' }, [date, date && post.author ? ' · ' : '', post.author && `By ${post.author}`]) : '',
    tags.length > 0 ? h('ul', { class: 'tags', 'aria-label': 'Tags' }, tags.map((tag) => h('li', { class: 'tag', text: tag }))) : '',
    picture(post.cover_image, { class: 'post-cover', loading: 'eager' }) ?? '',
  );
  // The one place where HTML from the API goes into the page, rebuilt from an allow-list (html.js).
  setRichText(/** @type {HTMLElement} */ (article.querySelector('[data-content]')), post.content);
  article.setAttribute('aria-busy', 'false');
}

void renderFooter();
void renderPost();
