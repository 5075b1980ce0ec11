import { describe, expect, it } from 'vitest';
import { auditLog, dashboardArea, openingScreens, routedResources } from '.';
import { isLazy } from './lazyViews';

describe('resources: screens load on demand (issue #10)', () => {
  it('ships the dashboard’s own screen with the console, the first screen after sign-in', () => {
    expect(dashboardArea.list).toBeTypeOf('function');
    expect(isLazy(dashboardArea.list)).toBe(false);
  });

  it('loads every other area’s screens, and the audit log’s, on demand, keeping their names eager', () => {
    for (const resource of [...routedResources, auditLog]) {
      const screens = [resource.list, resource.create, resource.edit, resource.show].filter(Boolean);
      expect(screens.length, resource.name).toBeGreaterThan(0);
      for (const screen of screens) expect(isLazy(screen), resource.name).toBe(true);
    }
    expect(routedResources.find((r) => r.name === 'blogs')?.labels?.name).toBe('Blog post |||| Blog posts');
  });

  it('waits for an area opened straight from the address bar, the same wait on every render, and for nothing else', () => {
    const first = openingScreens('/dashboard/blogs/3');
    expect(first).toBeInstanceOf(Promise);
    expect(openingScreens('/dashboard/blogs')).toBe(first);
    expect(openingScreens('/dashboard')).toBeUndefined();
    expect(openingScreens('/dashboard/sessions')).toBeUndefined();
  });
});
