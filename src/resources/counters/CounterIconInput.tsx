import { IconInput, IconPreview, type IconSet } from '../../components/IconInput';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ConstructionIcon from '@mui/icons-material/Construction';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EngineeringIcon from '@mui/icons-material/Engineering';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import PublicIcon from '@mui/icons-material/Public';
import SquareFootIcon from '@mui/icons-material/SquareFoot';
import StarIcon from '@mui/icons-material/Star';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import TimerIcon from '@mui/icons-material/Timer';

// The website draws icons by their Material Symbols name; these suit figures a builder is proud of.
// Any other Material Symbols name can still be typed.
export const COUNTER_ICONS: IconSet = {
  apartment: ApartmentIcon,
  home_work: HomeWorkIcon,
  location_city: LocationCityIcon,
  business: BusinessIcon,
  square_foot: SquareFootIcon,
  construction: ConstructionIcon,
  engineering: EngineeringIcon,
  calendar_month: CalendarMonthIcon,
  timer: TimerIcon,
  thumb_up: ThumbUpIcon,
  star: StarIcon,
  emoji_events: EmojiEventsIcon,
  groups: GroupsIcon,
  handshake: HandshakeIcon,
  health_and_safety: HealthAndSafetyIcon,
  public: PublicIcon,
};

export const CounterIcon = (props: { name?: string | null; fontSize?: 'small' | 'medium' | 'large' }) => (
  <IconPreview icons={COUNTER_ICONS} {...props} />
);

export const CounterIconInput = (props: { source?: string; helperText?: string }) => (
  <IconInput icons={COUNTER_ICONS} {...props} />
);
