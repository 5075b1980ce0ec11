import type { SvgIconComponent } from '@mui/icons-material';
import { createElement } from 'react';
import { areas } from '../../schema/areas';
import type { AreaDeclaration, AreaKind, MenuGroup } from '../../schema/define';
import { AreaPlaceholder } from '../components/AreaPlaceholder';
import { DASHBOARD_AREA } from '../dashboardArea';
import { auditLogArea, views as auditLogViews } from './audit-log';
import { icons } from './icons';
import { loadZod } from '../shims/zod-late';
import { isLazy, lazyView, prefetchScreens, prefetchWhenIdle, type LazyView } from './lazyViews';
import type { ResourceViews, Screen, View } from './types';

export type { ResourceViews } from './types';

type ViewName = 'list' | 'create' | 'edit' | 'show';
const VIEW_NAMES: readonly ViewName[] = ['list', 'create', 'edit', 'show'];

// What react-admin is handed: components. A screen to load becomes a lazy one (./lazyViews.ts).
interface ResourceComponents extends Omit<ResourceViews, ViewName>, Partial<Record<ViewName, View>> {}

const componentsOf = (name: string, { list, create, edit, show, ...rest }: ResourceViews): ResourceComponents => {
  const views = { list, create, edit, show };
  const components: ResourceComponents = { ...rest };
  for (const view of VIEW_NAMES) {
    const screen: Screen | undefined = views[view];
    if (screen) components[view] = typeof screen === 'function' ? screen : lazyView(screen.load, `${name}.${view}`);
  }
  return components;
};

export interface ResourceDefinition extends ResourceComponents {
  name: string;
  label: string;
  icon: SvgIconComponent;
  group: MenuGroup;
  kind: AreaKind;
  declaration: AreaDeclaration;
}

// Each area's views live in src/resources/<name>/index.ts, found by name: adding an area is its declaration in
// schema/areas/, its views folder here, and its line in schema/areas/index.ts. The index files are small (names and
// loaders); the screens they load are chunks of their own (./lazyViews.ts).
const folders = import.meta.glob<{ views: ResourceViews }>('./*/index.ts', { eager: true });

const viewsOf = (declaration: AreaDeclaration): ResourceComponents => {
  const folder = folders[`./${declaration.name}/index.ts`];
  if (folder) return componentsOf(declaration.name, folder.views);
  // Until an area has its screen, its route still lands on a page with its title (issue #2).
  return { list: () => createElement(AreaPlaceholder, { title: declaration.label }) };
};

export const resources: readonly ResourceDefinition[] = areas.map((declaration) => ({
  name: declaration.name,
  label: declaration.label,
  icon: icons[declaration.icon],
  group: declaration.group,
  kind: declaration.kind,
  declaration,
  ...(declaration.recordLabel ? { recordRepresentation: declaration.recordLabel } : {}),
  ...viewsOf(declaration),
}));

// The audit log (issue #9) is no declared area: read-only, under Settings in the menu.
export const auditLog = { ...auditLogArea, ...componentsOf(auditLogArea.name, auditLogViews) };

// The Hero Section is the dashboard's own page (src/dashboardArea.ts).
export const dashboardArea = resources.find((r) => r.name === DASHBOARD_AREA) as ResourceDefinition;
export const routedResources = resources.filter((r) => r.name !== DASHBOARD_AREA);

// Issue #10: each area's lazy screens, by area name, in the order of the declarations (the menu's order).
const screensByArea = new Map<string, LazyView[]>(
  [...resources, auditLog].map((resource) => [resource.name, VIEW_NAMES.map((view) => resource[view]).filter(isLazy)] as const),
);

// Hover or focus on an area's menu entry (src/layout/Menu.tsx): its screens start loading before the click.
export const prefetchArea = (name: string): void => prefetchScreens(screensByArea.get(name) ?? []);

// The console's screens that are no area's (the sessions page), by the address segment under /dashboard they show at.
export type OtherScreens = Readonly<Record<string, readonly LazyView[]>>;

const preloadAll = (screens: readonly LazyView[]) => () => Promise.all(screens.map((screen) => screen.preload()));

// Once the first screen after sign-in has settled: zod (which the first screen's validation and every other screen
// need, src/shims/zod-late.ts), every area's screens, one area per idle moment, then the rich-text editor (the module
// src/components/RichTextInput.tsx loads when an editor first shows), then the console's other screens.
export const prefetchAreasWhenIdle = (others: OtherScreens = {}): (() => void) =>
  prefetchWhenIdle([
    loadZod,
    ...[...screensByArea.values()].map(preloadAll),
    () => import('ra-input-rich-text'),
    ...Object.values(others).map(preloadAll),
  ]);

const areaOfPath = (pathname: string): string | undefined => /^\/dashboard\/([^/]+)/.exec(pathname)?.[1];
const opening = new Map<string, Promise<unknown>>();

// A console opened straight on an area or another screen (a reload, or sign-in returning to the page it interrupted):
// its screens, loading as requests in flight. Undefined when there is nothing to wait for. Never rejects: a failed
// chunk is reported by the screen itself, inside the layout's error boundary.
export function openingScreens(pathname: string, others: OtherScreens = {}): Promise<unknown> | undefined {
  const name = areaOfPath(pathname);
  const screens = name ? (screensByArea.get(name) ?? others[name]) : undefined;
  if (!name || !screens || screens.every((screen) => screen.loaded())) return undefined;
  let pending = opening.get(name);
  if (!pending) {
    pending = Promise.all(screens.map((screen) => screen.require())).catch(() => undefined);
    opening.set(name, pending);
  }
  return pending;
}
