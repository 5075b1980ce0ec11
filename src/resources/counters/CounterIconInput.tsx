import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ConstructionIcon from '@mui/icons-material/Construction';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EngineeringIcon from '@mui/icons-material/Engineering';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import PublicIcon from '@mui/icons-material/Public';
import SquareFootIcon from '@mui/icons-material/SquareFoot';
import StarIcon from '@mui/icons-material/Star';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import TimerIcon from '@mui/icons-material/Timer';
import { Autocomplete, Box, InputAdornment, TextField } from '@mui/material';
import { useInput, useTranslateLabel } from 'react-admin';

// The website draws icons by their Material Symbols name; these suit figures a builder is proud of.
// Any other Material Symbols name can still be typed.
export const COUNTER_ICONS: Record<string, SvgIconComponent> = {
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

export function CounterIcon({ name, fontSize = 'medium' }: { name?: string | null; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = (name && COUNTER_ICONS[name]) || HelpOutlineIcon;
  return <Icon fontSize={fontSize} aria-hidden />;
}

const parseValue = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function CounterIconInput({ source = 'icon', helperText }: { source?: string; helperText?: string }) {
  const { id, field, fieldState } = useInput({ source, parse: parseValue, format: (value: unknown) => value ?? '' });
  const translateLabel = useTranslateLabel();
  const label = String(translateLabel({ source }));
  const value = String(field.value ?? '');
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={Object.keys(COUNTER_ICONS)}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <CounterIcon name={option} fontSize="small" />
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
                  <CounterIcon name={value} fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
