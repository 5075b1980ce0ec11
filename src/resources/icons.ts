import type { SvgIconComponent } from '@mui/icons-material';
import ArticleIcon from '@mui/icons-material/Article';
import AnnouncementIcon from '@mui/icons-material/Campaign';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DescriptionIcon from '@mui/icons-material/Description';
import EngineeringIcon from '@mui/icons-material/Engineering';
import FeaturedPlayListIcon from '@mui/icons-material/FeaturedPlayList';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InfoIcon from '@mui/icons-material/Info';
import SearchIcon from '@mui/icons-material/ManageSearch';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PolicyIcon from '@mui/icons-material/Policy';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import TimerIcon from '@mui/icons-material/Timer';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import WorkIcon from '@mui/icons-material/Work';
import type { IconName } from '../../schema/define';

// Declarations name their icon (schema/ cannot import React); this is the one place a name becomes a drawing.
export const icons: Record<IconName, SvgIconComponent> = {
  hero: ViewCarouselIcon,
  features: FeaturedPlayListIcon,
  testimonials: FormatQuoteIcon,
  partners: HandshakeIcon,
  about: InfoIcon,
  users: PeopleIcon,
  blog: ArticleIcon,
  projects: EngineeringIcon,
  banners: AnnouncementIcon,
  jobs: WorkIcon,
  contact: ContactPhoneIcon,
  applications: DescriptionIcon,
  projectForm: RequestQuoteIcon,
  contactForm: ContactMailIcon,
  aboutPage: MenuBookIcon,
  privacy: PolicyIcon,
  seo: SearchIcon,
  counters: TimerIcon,
};
