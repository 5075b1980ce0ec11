import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../theme';
// What the console shows at an unknown address (src/AdminApp.tsx loads it from there).
import { NotFound } from './rareScreens';

const signedIn: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
};

describe('NotFound', () => {
  it("names the page in its heading and in the tab's title (SPEC §2), with one full stop", async () => {
    document.title = 'Dashboard | Cornerstone Dashboard';
    render(
      <AdminContext store={memoryStore()} authProvider={signedIn} theme={lightTheme}>
        <NotFound />
      </AdminContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Cornerstone Dashboard');
    const message = screen.getByText(/you followed a bad link/);
    expect(message).toHaveTextContent(/^Either you typed a wrong URL, or you followed a bad link\.$/);
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });
});
