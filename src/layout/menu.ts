import type { SvgIconComponent } from '@mui/icons-material';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import type { MenuGroup } from '../../schema/define';
import { DASHBOARD_AREA, DASHBOARD_URL } from '../dashboardArea';
import { auditLog, resources } from '../resources';
import { SESSIONS_PATH, SESSIONS_TITLE } from '../sessions';

// SPEC §3: the menu item model. `action` is ours: Logout is an item that signs out instead of navigating.
// `resource` ties an item to its area (the Forms items show their unread count through it).
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
  resource?: string;
}

export const areaUrl = (name: string): string => (name === DASHBOARD_AREA ? DASHBOARD_URL : `${DASHBOARD_URL}/${name}`);

// Items of one group, in the order the areas are declared; title, url and icon come from the declaration.
const itemsOf = (group: MenuGroup): MenuItem[] =>
  resources
    .filter((resource) => resource.group === group)
    .map((resource) => ({
      id: resource.name,
      title: resource.label,
      type: 'item',
      url: areaUrl(resource.name),
      icon: resource.icon,
      resource: resource.name,
    }));

// SPEC §2, "Side menu": groups, their titles and order exactly as listed there.
export const menu: MenuItem[] = [
  {
    id: 'website-management',
    title: 'Website Management',
    type: 'group',
    children: [
      { id: 'homepage', title: 'Homepage', type: 'collapse', icon: HomeIcon, children: itemsOf('homepage') },
      ...itemsOf('website-management'),
    ],
  },
  { id: 'content-management', title: 'Content Management', type: 'group', children: itemsOf('content-management') },
  { id: 'communications', title: 'Communications', type: 'group', children: itemsOf('communications') },
  { id: 'forms', title: 'Forms', type: 'group', children: itemsOf('forms') },
  { id: 'company-pages', title: 'Company Pages', type: 'group', children: itemsOf('company-pages') },
  { id: 'website-tools', title: 'Website Tools', type: 'group', children: itemsOf('website-tools') },
  {
    id: 'settings',
    title: 'Settings',
    type: 'group',
    children: [
      // Issue #9 asks for the audit log under Settings; SPEC §2 lists Logout there, which stays last.
      { id: auditLog.name, title: auditLog.label, type: 'item', url: `${DASHBOARD_URL}/${auditLog.name}`, icon: auditLog.icon },
      // Reached from the header's user menu, not the side menu: hidden there, it gives its page a breadcrumb and title.
      { id: 'sessions', title: SESSIONS_TITLE, type: 'item', url: `${DASHBOARD_URL}${SESSIONS_PATH}`, hidden: true },
      { id: 'logout', title: 'Logout', type: 'item', icon: LogoutIcon, action: 'logout', breadcrumbs: false },
    ],
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
