import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturnPath, rememberReturnPath, safeReturnPath, takeReturnPath } from './returnPath';

afterEach(() => sessionStorage.clear());

describe('the page to return to after signing in (issue #8)', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/blogs?page=2', '/dashboard/blogs?page=2'],
    ['/dashboard/blogs/7', '/dashboard/blogs/7'],
  ])('keeps the console page %s', (path, kept) => {
    expect(safeReturnPath(path)).toBe(kept);
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    'dashboard/blogs',
    '/dashboardx',
    '/dashboard/../login',
    '/dashboard/login',
    '/login',
    '',
    undefined,
    42,
  ])('refuses %s', (path) => {
    expect(safeReturnPath(path)).toBeUndefined();
  });

  it('returns once to the remembered console page, then to /dashboard (SPEC §4)', () => {
    rememberReturnPath('/dashboard/blogs?page=2');
    expect(takeReturnPath()).toBe('/dashboard/blogs?page=2');
    expect(takeReturnPath()).toBe('/dashboard');
  });

  it('does not remember a page outside the console, and forgets on sign-out', () => {
    rememberReturnPath('/login');
    expect(takeReturnPath()).toBe('/dashboard');
    rememberReturnPath('/dashboard/users-management');
    forgetReturnPath();
    expect(takeReturnPath()).toBe('/dashboard');
  });

  it('ignores a value written into the storage by other code', () => {
    sessionStorage.setItem('cornerstone.returnTo', '//evil.example/dashboard');
    expect(takeReturnPath()).toBe('/dashboard');
  });
});
