// A job posting and its application form: job.html?id=<id> reads GET /api/public/careers/<id> (open postings only)
// and posts the application, CV included, to POST /api/public/careers-form as multipart/form-data.
import { getJob } from './api.js';
import { h, readable, time } from './dom.js';
import { wireForm } from './form.js';
import { setRichText } from './html.js';
import { renderFooter } from './layout.js';
import { applySeo, SITE_NAME } from './seo.js';

const article = /** @type {HTMLElement} */ (document.getElementById('job'));
const heading = /** @type {HTMLElement} */ (article.querySelector('h1'));
const form = /** @type {HTMLFormElement} */ (document.getElementById('application-form'));
const id = new URLSearchParams(window.location.search).get('id') ?? '';

/** @param {string} title @param {string} text */
function showProblem(title, text) {
  heading.textContent = title;
  article.querySelector('[data-facts]')?.remove();
  /** @type {HTMLElement} */ (article.querySelector('[data-description]')).replaceChildren(
    h('p', { text }),
    h('p', {}, [h('a', { href: './#careers', text: 'See the open positions' })]),
  );
  article.querySelector('[data-requirements]')?.remove();
  document.getElementById('apply')?.remove();
  article.setAttribute('aria-busy', 'false');
}

/** @param {string} term @param {Node | string} value */
const fact = (term, value) => h('div', {}, [h('dt', { text: term }), h('dd', {}, [value])]);

async function renderJob() {
  let job;
  try {
    if (!/^[\w-]+$/.test(id)) throw Object.assign(new Error('no id'), { status: 404 });
    job = await getJob(id);
  } catch (error) {
    const missing = /** @type {{ status?: number }} */ (error).status === 404;
    showProblem(
      missing ? 'Position not found' : 'This position could not be loaded',
      missing ? 'This position is closed or does not exist.' : 'Please try again in a moment.',
    );
    void applySeo('/careers', { title: `Position not found | ${SITE_NAME}`, noindex: true });
    return;
  }
  void applySeo(`/careers/${job.slug ?? id}`, {
    title: `${job.title} | Careers | ${SITE_NAME}`,
    description: [job.title, job.department, job.location].filter(Boolean).join(', '),
  });
  heading.textContent = job.title;
  const closes = time(job.closing_date);
  /** @type {HTMLElement} */ (article.querySelector('[data-facts]')).replaceChildren(
    ...[
      job.department && fact('Department', job.department),
      job.location && fact('Location', job.location),
      job.employment_type && fact('Type', readable(job.employment_type)),
      closes && fact('Apply by', closes),
    ].filter((node) => node instanceof Node),
  );
  setRichText(/** @type {HTMLElement} */ (article.querySelector('[data-description]')), job.description);
  const requirements = /** @type {HTMLElement} */ (article.querySelector('[data-requirements]'));
  if (job.requirements) setRichText(/** @type {HTMLElement} */ (requirements.querySelector('[data-html]')), job.requirements);
  else requirements.remove();
  article.setAttribute('aria-busy', 'false');

  /** @type {HTMLInputElement} */ (form.elements.namedItem('career_id')).value = String(job.id);
  /** @type {HTMLElement} */ (document.getElementById('apply-title')).textContent = `Apply for ${job.title}`;
  form.hidden = false;
  wireForm(form, {
    endpoint: 'careers-form',
    multipart: true,
    success: 'Thank you, your application has been sent. We will be in touch soon.',
  });
}

void renderFooter();
void renderJob();
