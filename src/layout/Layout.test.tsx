import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../authProvider';
import { Layout } from './Layout';

// jsdom has no layout engine: decide the viewport through matchMedia.
function setViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /min-width:\s*(\d+)px/.test(query) ? width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1]) : false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderShell(path: string) {
  let location = path;
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <Layout>
          <p>page body</p>
        </Layout>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ id: 1, name: 'Ada Admin', email: 'ada@example.com' }))),
  );
  setViewport(1280);
});
afterEach(() => vi.unstubAllGlobals());

describe('shell (SPEC §2)', () => {
  it('titles the page and shows the last two menu levels in the breadcrumb', async () => {
    renderShell('/dashboard/features');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Homepage')).toBeInTheDocument();
    expect(within(breadcrumb).getByText('Features Section')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Features Section | Cornerstone Dashboard'));
  });

  it('marks the active menu item', () => {
    renderShell('/dashboard/blogs/5');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Blog Posts' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Project Portfolio' })).not.toHaveAttribute('aria-current');
  });

  it('lists every group and item of the side menu', () => {
    renderShell('/dashboard');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const group of ['Website Management', 'Content Management', 'Communications', 'Forms', 'Company Pages', 'Website Tools', 'Settings']) {
      expect(within(menu).getByText(group)).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: 'Hero Section' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('link', { name: 'Contact Form' })).toHaveAttribute('href', '/dashboard/contact-us-form');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('collapses and reopens the Homepage group', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard/blogs');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const homepage = within(menu).getByRole('button', { name: 'Homepage' });
    expect(homepage).toHaveAttribute('aria-expanded', 'true');
    await user.click(homepage);
    expect(homepage).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Features Section' })).not.toBeInTheDocument());
    await user.click(homepage);
    expect(within(menu).getByRole('link', { name: 'Features Section' })).toBeInTheDocument();
  });

  it('navigates when a menu item is clicked', async () => {
    const user = userEvent.setup();
    const { location } = renderShell('/dashboard');
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'SEO Management' }));
    expect(location()).toBe('/dashboard/seo');
    await waitFor(() => expect(document.title).toBe('SEO Management | Cornerstone Dashboard'));
  });

  it('collapses the desktop sidebar to icons with the header toggle', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    // Collapsed: no group headings, items keep their names for assistive technology.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByText('Content Management')).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Blog Posts' })).toBeInTheDocument();
  });

  it('below 1025px opens the menu as an overlay that Escape closes', async () => {
    setViewport(800);
    const user = userEvent.setup();
    renderShell('/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  it('shows the header logo at 150px and the footer with the developer link', () => {
    renderShell('/dashboard');
    expect(screen.getByRole('img', { name: 'Cornerstone dashboard home' })).toHaveAttribute('width', '150');
    expect(screen.getByText(/© \d{4} Cornerstone\. All rights reserved\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cornerstone Digital' })).toHaveAttribute('href', 'https://example.com');
  });
});
