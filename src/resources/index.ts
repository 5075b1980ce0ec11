import type { SvgIconComponent } from '@mui/icons-material';
import AnnouncementIcon from '@mui/icons-material/Campaign';
import ArticleIcon from '@mui/icons-material/Article';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DescriptionIcon from '@mui/icons-material/Description';
import EngineeringIcon from '@mui/icons-material/Engineering';
import FeaturedPlayListIcon from '@mui/icons-material/FeaturedPlayList';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InfoIcon from '@mui/icons-material/Info';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PolicyIcon from '@mui/icons-material/Policy';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SearchIcon from '@mui/icons-material/ManageSearch';
import TimerIcon from '@mui/icons-material/Timer';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import WorkIcon from '@mui/icons-material/Work';
import type { FunctionComponent } from 'react';
import { createElement } from 'react';
import { AreaPlaceholder } from '../components/AreaPlaceholder';

// One declaration per area: name = route segment = API path (SPEC §2 spells them). The menu, the breadcrumb and
// <Admin> all read this list, so an area is declared once.
// Views take no props: react-admin hands them their record through contexts.
type View = FunctionComponent;

export interface ResourceDeclaration {
  name: string;
  label: string;
  icon: SvgIconComponent;
  list?: View;
  create?: View;
  edit?: View;
  show?: View;
  recordRepresentation?: string;
}

// The Hero Section is the dashboard's own page (SPEC §2: Hero Section → /dashboard).
export const DASHBOARD_AREA = 'hero';

const area = (name: string, label: string, icon: SvgIconComponent): ResourceDeclaration => ({
  name,
  label,
  icon,
  list: () => createElement(AreaPlaceholder, { title: label }),
});

export const resources: readonly ResourceDeclaration[] = [
  area(DASHBOARD_AREA, 'Hero Section', ViewCarouselIcon),
  area('features', 'Features Section', FeaturedPlayListIcon),
  area('testimonials', 'Testimonials', FormatQuoteIcon),
  area('partners', 'Partners Section', HandshakeIcon),
  area('about-us', 'About Us Section', InfoIcon),
  area('users-management', 'Users Management', PeopleIcon),
  area('blogs', 'Blog Posts', ArticleIcon),
  area('projects', 'Project Portfolio', EngineeringIcon),
  area('banners', 'Banners & Promotions', AnnouncementIcon),
  area('careers', 'Job Postings', WorkIcon),
  area('contact-us', 'Contact Information', ContactPhoneIcon),
  area('careers-form', 'Job Applications', DescriptionIcon),
  area('project-form', 'Project Form', RequestQuoteIcon),
  area('contact-us-form', 'Contact Form', ContactMailIcon),
  area('about-page', 'About Page (Full)', MenuBookIcon),
  area('privacy-policy', 'Privacy Policy', PolicyIcon),
  area('seo', 'SEO Management', SearchIcon),
  area('counters', 'Counter Widgets', TimerIcon),
];

export const dashboardArea = resources.find((r) => r.name === DASHBOARD_AREA) as ResourceDeclaration;
export const routedResources = resources.filter((r) => r.name !== DASHBOARD_AREA);
