import type { SvgIconComponent } from '@mui/icons-material';
import { createElement } from 'react';
import { areas } from '../../schema/areas';
import type { AreaDeclaration, AreaKind, MenuGroup } from '../../schema/define';
import { AreaPlaceholder } from '../components/AreaPlaceholder';
import { icons } from './icons';

import type { ResourceViews } from './types';

export type { ResourceViews } from './types';

export interface ResourceDefinition extends ResourceViews {
  name: string;
  label: string;
  icon: SvgIconComponent;
  group: MenuGroup;
  kind: AreaKind;
  declaration: AreaDeclaration;
}

// Each area's views live in src/resources/<name>/index.ts, found by name: adding an area is its declaration in
// schema/areas/, its views folder here, and its line in schema/areas/index.ts.
const folders = import.meta.glob<{ views: ResourceViews }>('./*/index.ts', { eager: true });

const viewsOf = (declaration: AreaDeclaration): ResourceViews => {
  const folder = folders[`./${declaration.name}/index.ts`];
  if (folder) return folder.views;
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
export { auditLog } from './audit-log';

// The Hero Section is the dashboard's own page (SPEC §2: Hero Section → /dashboard).
export const DASHBOARD_AREA = 'hero';

export const dashboardArea = resources.find((r) => r.name === DASHBOARD_AREA) as ResourceDefinition;
export const routedResources = resources.filter((r) => r.name !== DASHBOARD_AREA);
