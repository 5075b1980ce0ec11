// The home page: every section reads its own public endpoint, so one failing leaves the others working.
import { getList, getOne } from './api.js';
import { fillSection, h, picture, readable, siteLink, time } from './dom.js';
import { wireForm } from './form.js';
import { renderFooter } from './layout.js';
import { applySeo, SITE_NAME } from './seo.js';

const numberFormat = new Intl.NumberFormat('en-GB');

/** @param {import('./api-types').Banner} banner */
function bannerCard(banner) {
  const href = siteLink(banner.link);
  return h('div', { class: 'banner' }, [
    picture(banner.image, { class: 'banner-image' }),
    h('div', { class: 'banner-text' }, [
      h('p', { class: 'banner-title', text: banner.title }),
      banner.subtitle && h('p', { text: banner.subtitle }),
    ]),
    href && h('a', { class: 'button button--light', href, text: banner.button_text || 'Find out more' }),
  ]);
}

async function renderHero() {
  const hero = await getOne('hero');
  const section = /** @type {HTMLElement} */ (document.getElementById('hero'));
  /** @type {HTMLElement} */ (section.querySelector('h1')).textContent = hero.headline || SITE_NAME;
  const sub = /** @type {HTMLElement} */ (section.querySelector('[data-subheadline]'));
  sub.textContent = hero.subheadline ?? '';
  sub.hidden = !hero.subheadline;
  const cta = /** @type {HTMLAnchorElement} */ (section.querySelector('[data-cta]'));
  const href = siteLink(hero.cta_link);
  if (href && hero.cta_text) {
    cta.href = href;
    cta.textContent = hero.cta_text;
    cta.hidden = false;
  }
  const image = picture(hero.background_image, { class: 'hero-image', alt: '', loading: 'eager' });
  if (image) {
    section.prepend(image);
    section.classList.add('hero--image');
  }
}

/** @param {import('./api-types').Feature} feature */
const featureCard = (feature) =>
  h('li', { class: 'card' }, [h('h3', { text: feature.title }), feature.description && h('p', { text: feature.description })]);

/** @param {import('./api-types').Counter} counter */
const counterItem = (counter) =>
  h('li', { class: 'counter' }, [
    h('span', { class: 'counter-value', text: `${numberFormat.format(counter.value)}${counter.suffix ?? ''}` }),
    h('span', { class: 'counter-label', text: counter.label }),
  ]);

/** @param {import('./api-types').Project} project */
function projectCard(project) {
  const facts = [readable(project.category), project.location, project.year].filter(Boolean).join(' · ');
  return h('li', { class: 'card card--media' }, [
    picture(project.cover_image, { class: 'card-image' }) ?? h('div', { class: 'card-image card-image--empty', 'aria-hidden': 'true' }),
    h('div', { class: 'card-body' }, [
      h('h3', { text: project.title }),
      facts && h('p', { class: 'meta', text: facts }),
      project.status && h('p', { class: 'tag', text: readable(project.status) }),
    ]),
  ]);
}

/** @param {import('./api-types').PostSummary} post */
function postCard(post) {
  const date = time(post.published_at);
  /** @type {string[]} */
  const tags = Array.isArray(post.tags) ? post.tags : [];
  return h('li', { class: 'card card--media' }, [
    picture(post.cover_image, { class: 'card-image' }) ?? h('div', { class: 'card-image card-image--empty', 'aria-hidden': 'true' }),
    h('div', { class: 'card-body' }, [
      h('h3', {}, [h('a', { href: `post.html?slug=${encodeURIComponent(post.slug)}`, text: post.title })]),
      (date || post.author) && h('p', { class: 'meta' }, [date, date && post.author ? ' · ' : '', post.author]),
      post.excerpt && h('p', { text: post.excerpt }),
      tags.length > 0 && h('ul', { class: 'tags', 'aria-label': 'Tags' }, tags.map((tag) => h('li', { class: 'tag', text: tag }))),
    ]),
  ]);
}

/** @param {import('./api-types').JobSummary} job */
function jobRow(job) {
  const closes = time(job.closing_date);
  return h('li', { class: 'job' }, [
    h('div', {}, [
      h('h3', {}, [h('a', { href: `job.html?id=${encodeURIComponent(job.id)}`, text: job.title })]),
      h('p', { class: 'meta', text: [job.department, job.location, readable(job.employment_type)].filter(Boolean).join(' · ') }),
    ]),
    closes && h('p', { class: 'job-closes' }, ['Apply by ', closes]),
  ]);
}

/** @param {import('./api-types').Testimonial} testimonial */
const quote = (testimonial) =>
  h('li', { class: 'card' }, [
    h('figure', {}, [
      h('blockquote', {}, [h('p', { text: testimonial.quote })]),
      h('figcaption', {}, [
        h('span', { class: 'quote-name', text: testimonial.name }),
        h('span', { class: 'meta', text: [testimonial.role, testimonial.company].filter(Boolean).join(', ') }),
      ]),
    ]),
  ]);

/** @param {import('./api-types').Partner} partner */
function partnerItem(partner) {
  const href = siteLink(partner.website);
  const logo = picture(partner.logo, { alt: partner.name, class: 'partner-logo' });
  const content = logo ?? partner.name;
  return h('li', {}, [href ? h('a', { href, rel: 'noopener noreferrer' }, [content]) : content]);
}

// Featured projects when there are some, else the latest ones.
async function projectsToShow() {
  const featured = await getList('projects', { featured: true, per_page: 3 });
  return featured.length > 0 ? featured : getList('projects', { per_page: 3 });
}

void applySeo('/', { title: `${SITE_NAME} | Construction & Property Development` });
void renderFooter();
renderHero().catch((error) => console.error('Loading the hero failed:', error));
void fillSection('banners', {
  load: async () => (await getList('banners', { placement: 'homepage_top' })).map(bannerCard),
  empty: '',
  error: '',
  hideWhenEmpty: true,
});
void fillSection('features', {
  load: async () => (await getList('features')).map(featureCard),
  empty: 'Nothing to show yet.',
  error: 'Our services could not be loaded. Please try again later.',
});
void fillSection('counters', {
  load: async () => (await getList('counters')).map(counterItem),
  empty: '',
  error: '',
  hideWhenEmpty: true,
});
void fillSection('projects', {
  load: async () => (await projectsToShow()).map(projectCard),
  empty: 'No projects to show yet.',
  error: 'Our projects could not be loaded. Please try again later.',
});
void fillSection('blog', {
  load: async () => (await getList('blogs', { page: 1, per_page: 3 })).map(postCard),
  empty: 'No posts yet.',
  error: 'The latest posts could not be loaded. Please try again later.',
});
void fillSection('careers', {
  load: async () => (await getList('careers')).map(jobRow),
  empty: 'There are no open positions right now. Send us your CV through the contact form.',
  error: 'Open positions could not be loaded. Please try again later.',
});
void fillSection('testimonials', {
  load: async () => (await getList('testimonials')).map(quote),
  empty: '',
  error: '',
  hideWhenEmpty: true,
});
void fillSection('partners', {
  load: async () => (await getList('partners')).map(partnerItem),
  empty: '',
  error: '',
  hideWhenEmpty: true,
});

const contactForm = document.getElementById('contact-form');
if (contactForm instanceof HTMLFormElement) {
  wireForm(contactForm, {
    endpoint: 'contact-us-form',
    success: 'Thank you, your message has been sent. We will reply within two working days.',
  });
}
