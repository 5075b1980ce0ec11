import type { SvgIconComponent } from '@mui/icons-material';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import { resources, DASHBOARD_AREA } from '../resources';

// SPEC §3: the menu item model. `action` is ours: Logout is an item that signs out instead of navigating.
export interface MenuItem {
  id: string;
  title: string;
  type: 'group' | 'collapse' | 'item';
  url?: string;
  icon?: SvgIconComponent;
  classes?: string;
  children?: MenuItem[];
  hidden?: boolean;
  external?: boolean;
  target?: boolean;
  breadcrumbs?: boolean;
  action?: 'logout';
}

export const DASHBOARD_URL = '/dashboard';

export const areaUrl = (name: string): string => (name === DASHBOARD_AREA ? DASHBOARD_URL : `${DASHBOARD_URL}/${name}`);

// A menu item for a declared area: title, url and icon come from its declaration, never repeated here.
function areaItem(name: string): MenuItem {
  const declaration = resources.find((r) => r.name === name);
  if (!declaration) throw new Error(`menu.ts names "${name}", which src/resources/index.ts does not declare`);
  return { id: name, title: declaration.label, type: 'item', url: areaUrl(name), icon: declaration.icon };
}

// SPEC §2, "Side menu": groups, order and titles exactly as listed there.
export const menu: MenuItem[] = [
  {
    id: 'website-management',
    title: 'Website Management',
    type: 'group',
    children: [
      {
        id: 'homepage',
        title: 'Homepage',
        type: 'collapse',
        icon: HomeIcon,
        children: [areaItem(DASHBOARD_AREA), areaItem('features'), areaItem('testimonials'), areaItem('partners')],
      },
      areaItem('about-us'),
      areaItem('users-management'),
    ],
  },
  {
    id: 'content-management',
    title: 'Content Management',
    type: 'group',
    children: [areaItem('blogs'), areaItem('projects'), areaItem('banners'), areaItem('careers')],
  },
  { id: 'communications', title: 'Communications', type: 'group', children: [areaItem('contact-us')] },
  {
    id: 'forms',
    title: 'Forms',
    type: 'group',
    children: [areaItem('careers-form'), areaItem('project-form'), areaItem('contact-us-form')],
  },
  {
    id: 'company-pages',
    title: 'Company Pages',
    type: 'group',
    children: [areaItem('about-page'), areaItem('privacy-policy')],
  },
  { id: 'website-tools', title: 'Website Tools', type: 'group', children: [areaItem('seo'), areaItem('counters')] },
  {
    id: 'settings',
    title: 'Settings',
    type: 'group',
    children: [{ id: 'logout', title: 'Logout', type: 'item', icon: LogoutIcon, action: 'logout', breadcrumbs: false }],
  },
];

const matches = (url: string, pathname: string): boolean =>
  url === DASHBOARD_URL ? pathname === url || pathname === `${url}/` : pathname === url || pathname.startsWith(`${url}/`);

// The chain of menu items from a group down to the item whose url matches the path best (longest url wins).
export function findTrail(items: MenuItem[], pathname: string): MenuItem[] {
  let best: MenuItem[] = [];
  let bestLength = -1;
  const walk = (nodes: MenuItem[], parents: MenuItem[]) => {
    for (const node of nodes) {
      const chain = [...parents, node];
      if (node.url && !node.external && matches(node.url, pathname) && node.url.length > bestLength) {
        best = chain;
        bestLength = node.url.length;
      }
      if (node.children) walk(node.children, chain);
    }
  };
  walk(items, []);
  return best;
}

// SPEC §2: the breadcrumb shows the last two matching menu levels.
export const breadcrumbTrail = (items: MenuItem[], pathname: string): MenuItem[] => findTrail(items, pathname).slice(-2);
