import type { SvgIconComponent } from '@mui/icons-material';
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
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import RoofingIcon from '@mui/icons-material/Roofing';
import SavingsIcon from '@mui/icons-material/Savings';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedIcon from '@mui/icons-material/Verified';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Autocomplete, Box, InputAdornment, TextField } from '@mui/material';
import { useInput, useTranslateLabel } from 'react-admin';

// The website draws icons by their Material Symbols name; these are the ones that suit a builder's strengths.
// Any other Material Symbols name can still be typed.
export const FEATURE_ICONS: Record<string, SvgIconComponent> = {
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

export function FeatureIcon({ name, fontSize = 'medium' }: { name?: string | null; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = (name && FEATURE_ICONS[name]) || HelpOutlineIcon;
  return <Icon fontSize={fontSize} aria-hidden />;
}

const parseValue = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function FeatureIconInput({ source = 'icon', helperText }: { source?: string; helperText?: string }) {
  const { id, field, fieldState } = useInput({ source, parse: parseValue, format: (value: unknown) => value ?? '' });
  const translateLabel = useTranslateLabel();
  const label = String(translateLabel({ source }));
  const value = String(field.value ?? '');
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={Object.keys(FEATURE_ICONS)}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <FeatureIcon name={option} fontSize="small" />
          {option}
        </Box>
      )}
      sx={{ maxWidth: 360 }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'primary.main' }}>
                  <FeatureIcon name={value} fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
