// Issue #10: the console's first screen is drawn once. Every render of the whole console after its first commit is a
// task a slow phone runs after the page has shown (100-300 ms at CPU x4), and changed nothing on screen.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordCommits } from '../tests/helpers/reactCommits';
import { App } from './App';
import { fakeApi } from './components/sortableListTesting';

const USER = { id: 1, name: 'Ada Admin', email: 'ada@example.com' };
const HERO = { id: 1, headline: 'Homes built to last', subheadline: null, background_image: null, cta_text: null, cta_link: null, version: 3 };

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe("the console's first screen (issue #10)", () => {
  it('draws the shell once: react-admin reading its areas again after the first render draws neither header, sidebar nor breadcrumb', async () => {
    fakeApi({ hero: [HERO] }, { session: { token: 'a-token', user: USER } });
    localStorage.setItem('access_token', 'a-token');
    window.history.replaceState(null, '', '/dashboard');
    const container = document.body.appendChild(document.createElement('div'));
    const { Recorded, commits, rendersOf } = recordCommits(() => container);
    render(
      <Recorded>
        <App />
      </Recorded>,
      { container },
    );
    expect(await screen.findByDisplayValue('Homes built to last', {}, { timeout: 10_000 })).toBeInTheDocument();
    // Long enough for every effect of the first screen to have run and rendered whatever it changed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(commits.length).toBeGreaterThan(1);
    expect({ Header: rendersOf('Header'), Sidebar: rendersOf('Sidebar'), Breadcrumb: rendersOf('Breadcrumb') }).toEqual({
      Header: 1,
      Sidebar: 1,
      Breadcrumb: 1,
    });
  });
});
