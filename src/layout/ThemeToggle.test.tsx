import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../theme';
import { ThemeToggle } from './ThemeToggle';

describe('ThemeToggle', () => {
  it('is a "Dark mode" toggle that says whether it is on, and keeps the choice in the store', async () => {
    const store = memoryStore();
    render(
      <AdminContext store={store} theme={lightTheme} darkTheme={darkTheme}>
        <ThemeToggle />
      </AdminContext>,
    );
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(store.getItem('theme')).toBe('dark');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(store.getItem('theme')).toBe('light');
  });
});
