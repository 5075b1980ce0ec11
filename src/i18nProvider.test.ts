import { describe, expect, it } from 'vitest';
import { areas } from '../schema/areas';
import { fieldLabel } from '../schema/define';
import { i18nProvider } from './i18nProvider';

const t = (key: string, options?: object) => i18nProvider.translate(key, options);

describe('i18n messages', () => {
  it('show a list counted past the cap as 10,000+ (issue #10), an exact count as it is', () => {
    expect(t('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 10_001 })).toBe('1-25 of 10,000+');
    expect(t('ra.navigation.page_range_info', { offsetBegin: 26, offsetEnd: 50, total: 10_000 })).toBe('26-50 of 10000');
    // Paged past the cap: at least the rows seen so far.
    expect(t('ra.navigation.page_range_info', { offsetBegin: 19_726, offsetEnd: 19_750, total: 19_751 })).toBe('19726-19750 of 19,750+');
  });

  it("label every declared field with its declaration's label", () => {
    for (const area of areas) {
      for (const name of Object.keys(area.schema.shape)) {
        expect(t(`resources.${area.name}.fields.${name}`)).toBe(fieldLabel(area, name));
      }
    }
    expect(t('resources.contact-us.fields.x')).toBe('X (Twitter)');
    expect(t('resources.features.fields.active')).toBe('Shown on the website');
  });

  it('label the inputs of a list by the declared item fields', () => {
    expect(t('resources.contact-us.fields.addresses.label')).toBe('Label');
    expect(t('resources.contact-us.fields.phones.number')).toBe('Phone number');
  });

  it('label the fields every record has once for all areas, a submission being received', () => {
    expect(t('resources.blogs.fields.created_at')).toBe('Created');
    expect(t('resources.users-management.fields.updated_at')).toBe('Last updated');
    expect(t('resources.contact-us-form.fields.created_at')).toBe('Received');
    expect(t('resources.careers.fields.applications_count')).toBe('Applications');
  });

  it("name records as the views say, or by the area's menu title", () => {
    expect(t('resources.features.name', { smart_count: 2 })).toBe('Features');
    expect(t('resources.hero.name', { smart_count: 1 })).toBe('Hero Section');
  });
});

describe("an area's name inside a sentence", () => {
  // As react-admin builds them: the name is resources.<area>.name (useGetResourceLabel), capitalised to head a page.
  const name = (area: string, count: number) => t(`resources.${area}.name`, { smart_count: count });

  it('reads in lower case where a list finds nothing ("No Blog posts found" read as a title)', () => {
    expect(t('ra.navigation.no_filtered_results', { name: name('blogs', 0) })).toBe('No blog posts found using the current filters.');
    expect(t('ra.navigation.no_results', { name: name('careers', 0) })).toBe('No job postings found');
    expect(t('ra.navigation.no_results', { name: name('audit-log', 0) })).toBe('No audit log entries found');
    expect(t('ra.page.empty', { name: name('hero', 0) })).toBe('No hero section yet.');
  });

  it('reads in lower case in the questions before a delete, an acronym kept', () => {
    expect(t('ra.message.delete_title', { name: name('blogs', 1), recordRepresentation: 'Open day' })).toBe('Delete blog post Open day');
    expect(t('ra.message.delete_content', { name: name('seo', 1) })).toBe('Are you sure you want to delete this SEO entry?');
    expect(t('ra.message.bulk_delete_title', { name: name('seo', 3), smart_count: 3 })).toBe('Delete 3 SEO entries');
  });

  it('keeps its capital where it heads the text', () => {
    expect(t('ra.page.edit', { name: name('blogs', 1), recordRepresentation: 'Open day' })).toBe('Blog post Open day');
    expect(t('ra.page.list', { name: name('blogs', 2) })).toBe('Blog posts');
  });
});

describe('save notices (issue #8 item 5)', () => {
  it('name what was created or deleted where the area names its records', () => {
    expect(t('resources.blogs.notifications.created', { smart_count: 1 })).toBe('Post created');
    expect(t('resources.seo.notifications.created', { smart_count: 1 })).toBe('SEO entry created');
    expect(t('resources.users-management.notifications.deleted', { smart_count: 1 })).toBe('User deleted');
    expect(t('resources.features.notifications.deleted', { smart_count: 3 })).toBe('3 features deleted');
    expect(t('resources.blogs.notifications.deleted', { smart_count: 2 })).toBe('2 blog posts deleted');
    expect(t('resources.seo.notifications.deleted', { smart_count: 4 })).toBe('4 SEO entries deleted');
    expect(t('resources.careers-form.notifications.deleted', { smart_count: 1 })).toBe('Entry deleted');
    expect(t('resources.careers-form.notifications.deleted', { smart_count: 3 })).toBe('3 job applications deleted');
  });

  it("fall back to 'Changes saved' and SPEC §8's generic success words", () => {
    expect(t('ra.notification.updated', { smart_count: 1 })).toBe('Changes saved');
    expect(t('ra.notification.created', { smart_count: 1 })).toBe('Operation completed successfully');
    expect(t('resources.hero.notifications.updated', { _: t('ra.notification.updated', { smart_count: 1 }) })).toBe('Changes saved');
  });
});
