import { IconInput, IconPreview, type IconSet } from '../../components/IconInput';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArchitectureIcon from '@mui/icons-material/Architecture';
import BoltIcon from '@mui/icons-material/Bolt';
import ConstructionIcon from '@mui/icons-material/Construction';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import EnergySavingsLeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import EngineeringIcon from '@mui/icons-material/Engineering';
import FoundationIcon from '@mui/icons-material/Foundation';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import RoofingIcon from '@mui/icons-material/Roofing';
import SavingsIcon from '@mui/icons-material/Savings';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedIcon from '@mui/icons-material/Verified';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';

// The website draws icons by their Material Symbols name; these are the ones that suit a builder's strengths.
// Any other Material Symbols name can still be typed.
export const FEATURE_ICONS: IconSet = {
  architecture: ArchitectureIcon,
  engineering: EngineeringIcon,
  construction: ConstructionIcon,
  foundation: FoundationIcon,
  roofing: RoofingIcon,
  apartment: ApartmentIcon,
  home_work: HomeWorkIcon,
  location_city: LocationCityIcon,
  design_services: DesignServicesIcon,
  health_and_safety: HealthAndSafetyIcon,
  verified: VerifiedIcon,
  workspace_premium: WorkspacePremiumIcon,
  schedule: ScheduleIcon,
  savings: SavingsIcon,
  eco: EnergySavingsLeafIcon,
  water_drop: WaterDropIcon,
  bolt: BoltIcon,
  handshake: HandshakeIcon,
  groups: GroupsIcon,
  support_agent: SupportAgentIcon,
};

export const FeatureIcon = (props: { name?: string | null; fontSize?: 'small' | 'medium' | 'large' }) => (
  <IconPreview icons={FEATURE_ICONS} {...props} />
);

export const FeatureIconInput = (props: { source?: string; helperText?: string }) => (
  <IconInput icons={FEATURE_ICONS} {...props} />
);
