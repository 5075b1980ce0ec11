import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayUrl, SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS, SeoPreview, truncateForSearch } from './SeoPreview';

const longTitle = 'Cornerstone Builders — residential and commercial construction across the whole region';
const longDescription =
  'We design, build and renovate homes, offices and public buildings. Thirty years of projects delivered on time and on budget, with a safety record our clients and crews are proud of, every single day.';

describe('search result preview', () => {
  it('cuts a long title at a word, within 60 characters, with an ellipsis', () => {
    const shown = truncateForSearch(longTitle, SEARCH_TITLE_CHARS);
    expect(shown.length).toBeLessThanOrEqual(SEARCH_TITLE_CHARS);
    expect(shown).toBe('Cornerstone Builders — residential and commercial…');
    expect(longTitle.startsWith(shown.slice(0, -1))).toBe(true);
  });

  it('leaves text that fits alone, and cuts a single long word mid-word', () => {
    expect(truncateForSearch('About us', SEARCH_TITLE_CHARS)).toBe('About us');
    expect(truncateForSearch('x'.repeat(70), SEARCH_TITLE_CHARS)).toBe(`${'x'.repeat(59)}…`);
  });

  it('renders title, address and a description truncated to 160 characters', () => {
    render(<SeoPreview title={longTitle} description={longDescription} path="/services/residential" />);
    expect(screen.getByTestId('seo-preview-title')).toHaveTextContent('Cornerstone Builders — residential and commercial…');
    const description = screen.getByTestId('seo-preview-description').textContent ?? '';
    expect(description.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_CHARS);
    expect(description.endsWith('…')).toBe(true);
    expect(screen.getByTestId('seo-preview-url')).toHaveTextContent('https://www.cornerstone.com › services › residential');
  });

  it('prefers the canonical URL, and warns when the page is noindex', () => {
    expect(displayUrl('/a', 'https://example.org/about/team')).toBe('https://example.org › about › team');
    render(<SeoPreview title="About" path="/about" noindex />);
    expect(screen.getByText(/search engines will not list this page/)).toBeInTheDocument();
  });
});
