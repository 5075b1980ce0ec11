import { describe, expect, it } from 'vitest';
import { resources } from '../resources';
import { breadcrumbTrail, findTrail, menu, type MenuItem } from './menu';

const titles = (items: MenuItem[]) => items.map((item) => item.title);

describe('menu (SPEC §2)', () => {
  it('lists the groups in the order of the spec', () => {
    expect(titles(menu)).toEqual([
      'Website Management',
      'Content Management',
      'Communications',
      'Forms',
      'Company Pages',
      'Website Tools',
      'Settings',
    ]);
  });

  it('puts Hero, Features, Testimonials and Partners under the collapsible Homepage', () => {
    const homepage = menu[0]?.children?.[0];
    expect(homepage).toMatchObject({ title: 'Homepage', type: 'collapse' });
    expect(homepage?.children?.map((item) => [item.title, item.url])).toEqual([
      ['Hero Section', '/dashboard'],
      ['Features Section', '/dashboard/features'],
      ['Testimonials', '/dashboard/testimonials'],
      ['Partners Section', '/dashboard/partners'],
    ]);
  });

  it('gives every declared area exactly one menu item, at the route the spec names', () => {
    const urls: string[] = [];
    const walk = (items: MenuItem[]) =>
      items.forEach((item) => {
        if (item.url && !item.hidden) urls.push(item.url);
        if (item.children) walk(item.children);
      });
    walk(menu);
    // Every area, and the audit log (issue #9), which is no declared area.
    expect(urls).toHaveLength(resources.length + 1);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('/dashboard/audit-log');
    expect(urls).toContain('/dashboard/contact-us-form');
    expect(urls).toContain('/dashboard/users-management');
  });

  it('ends with Settings: the Audit Log (issue #9), then Logout; the sessions page is there but hidden', () => {
    expect(menu.at(-1)?.children).toEqual([
      expect.objectContaining({ title: 'Audit Log', url: '/dashboard/audit-log' }),
      expect.objectContaining({ title: 'Active sessions', url: '/dashboard/sessions', hidden: true }),
      expect.objectContaining({ title: 'Logout', action: 'logout' }),
    ]);
  });

  it('shows Settings and Audit Log in the breadcrumb of the audit log, and Settings and Active sessions in that page', () => {
    expect(titles(breadcrumbTrail(menu, '/dashboard/audit-log'))).toEqual(['Settings', 'Audit Log']);
    expect(titles(breadcrumbTrail(menu, '/dashboard/sessions'))).toEqual(['Settings', 'Active sessions']);
  });
});

describe('breadcrumb matching', () => {
  it('shows the last two levels: the collapse and the item', () => {
    expect(titles(breadcrumbTrail(menu, '/dashboard/features'))).toEqual(['Homepage', 'Features Section']);
  });

  it('shows the group and the item for a top-level item', () => {
    expect(titles(breadcrumbTrail(menu, '/dashboard/blogs'))).toEqual(['Content Management', 'Blog Posts']);
  });

  it('matches /dashboard exactly to the Hero Section, not every page below it', () => {
    expect(titles(breadcrumbTrail(menu, '/dashboard'))).toEqual(['Homepage', 'Hero Section']);
    expect(findTrail(menu, '/dashboard/unknown')).toEqual([]);
  });

  it('keeps the area for pages below it (edit, create)', () => {
    expect(findTrail(menu, '/dashboard/blogs/12').at(-1)?.title).toBe('Blog Posts');
    expect(findTrail(menu, '/dashboard/careers/create').at(-1)?.title).toBe('Job Postings');
  });

  it('does not confuse areas that share a prefix', () => {
    expect(findTrail(menu, '/dashboard/careers-form').at(-1)?.title).toBe('Job Applications');
    expect(findTrail(menu, '/dashboard/contact-us-form/3').at(-1)?.title).toBe('Contact Form');
    expect(findTrail(menu, '/dashboard/contact-us').at(-1)?.title).toBe('Contact Information');
  });
});
