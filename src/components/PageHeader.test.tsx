import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { areas } from '../../schema/areas';
import { NewRecordButton, newRecordLabel, PageHeader } from './PageHeader';
import { AreaWrapper } from './sortableListTesting';

describe('PageHeader', () => {
  it('shows the title as the one heading, its chips beside it, the description and the actions', () => {
    render(
      <AreaWrapper resource="blogs">
        <PageHeader title="Blog Posts" badges={<span>Draft</span>} description="Articles for the blog." actions={<NewRecordButton />} />
      </AreaWrapper>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Blog Posts$/);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Articles for the blog.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/blogs/create');
    // Lists have no way back: they are where the menu leads.
    expect(screen.queryByRole('link', { name: 'Blog Posts' })).not.toBeInTheDocument();
  });

  it('links back to the area list, named as the menu names it, on create, edit and show pages', () => {
    render(
      <AreaWrapper resource="banners" path="/banners/4">
        <PageHeader title="Spring offer" back />
      </AreaWrapper>,
    );
    expect(screen.getByRole('link', { name: 'Banners & Promotions' })).toHaveAttribute('href', '/banners');
  });
});

describe('NewRecordButton', () => {
  it("reads 'New <item>' in sentence case, from the area's declaration", () => {
    render(
      <AreaWrapper resource="careers">
        <NewRecordButton />
      </AreaWrapper>,
    );
    const button = screen.getByRole('link', { name: 'New job posting' });
    expect(button).toHaveTextContent(/^New job posting$/);
    expect(button).toHaveAttribute('href', '/careers/create');
  });

  // The one source of the wording: a collection without a singular name would get 'New record'.
  it('has an item name for every collection', () => {
    const collections = areas.filter((area) => area.kind === 'collection');
    expect(collections.filter((area) => !area.itemLabel).map((area) => area.name)).toEqual([]);
    expect(collections.map((area) => newRecordLabel(area))).toEqual([
      'New feature',
      'New testimonial',
      'New partner',
      'New user',
      'New post',
      'New project',
      'New banner',
      'New job posting',
      'New SEO entry',
      'New counter',
    ]);
  });
});
