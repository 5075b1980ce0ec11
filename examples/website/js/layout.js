// What every page shares: the footer's contact details (GET /api/public/contact-us) and the year.
import { getOne } from './api.js';
import { h, safeUrl } from './dom.js';

/** @param {string} heading @param {Node[]} items */
const group = (heading, items) =>
  items.length === 0 ? null : h('div', { class: 'footer-group' }, [h('h2', { text: heading }), h('ul', {}, items)]);

/** @param {string} label @param {Node | string} value */
const item = (label, value) => h('li', {}, [h('span', { class: 'footer-label', text: `${label}: ` }), value]);

/** @param {string} href @param {string} text */
const link = (href, text) => h('a', { href, text });

const SOCIAL = /** @type {const} */ ([
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['x', 'X'],
  ['youtube', 'YouTube'],
]);

/** @param {import('./api-types').ContactInformation} contact */
function footerContent(contact) {
  const addresses = contact.addresses ?? [];
  const phones = contact.phones ?? [];
  const emails = contact.emails ?? [];
  const hours = contact.opening_hours ?? [];
  const map = safeUrl(contact.map_link);
  const social = SOCIAL.flatMap(([field, name]) => {
    const href = safeUrl(contact[field]);
    return href ? [h('li', {}, [h('a', { href, rel: 'noopener noreferrer', text: name })])] : [];
  });
  return [
    group('Visit us', [
      ...addresses.map((entry) => item(entry.label, entry.address)),
      ...(map ? [h('li', {}, [h('a', { href: map, rel: 'noopener noreferrer', text: 'Find us on the map' })])] : []),
    ]),
    group('Call or write', [
      ...phones.map((entry) => item(entry.label, link(`tel:${String(entry.number).replace(/[^\d+]/g, '')}`, entry.number))),
      ...emails.map((entry) => item(entry.label, link(`mailto:${entry.email}`, entry.email))),
    ]),
    group('Opening hours', hours.map((entry) => item(entry.days, entry.hours))),
    group('Follow us', social),
  ].filter((node) => node !== null);
}

export async function renderFooter() {
  const year = document.getElementById('year');
  if (year) year.textContent = String(new Date().getFullYear());
  const target = document.getElementById('footer-contact');
  if (!target) return;
  try {
    target.replaceChildren(...footerContent(await getOne('contact-us')));
  } catch (error) {
    console.warn('Contact details not loaded:', error);
  }
}
