import type { SvgIconComponent } from '@mui/icons-material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Autocomplete, Box, InputAdornment, TextField } from '@mui/material';
import { useInput, useTranslateLabel } from 'react-admin';

// The website draws icons by their Material Symbols name. Each area offers the icons that suit it; any other
// Material Symbols name can still be typed (it then shows as a question mark here).
export type IconSet = Readonly<Record<string, SvgIconComponent>>;

interface IconPreviewProps {
  icons: IconSet;
  name?: string | null;
  fontSize?: 'small' | 'medium' | 'large';
}

export function IconPreview({ icons, name, fontSize = 'medium' }: IconPreviewProps) {
  const Icon = (name && icons[name]) || HelpOutlineIcon;
  return <Icon fontSize={fontSize} aria-hidden />;
}

const parseValue = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

interface IconInputProps {
  icons: IconSet;
  source?: string;
  helperText?: string;
}

export function IconInput({ icons, source = 'icon', helperText }: IconInputProps) {
  const { id, field, fieldState } = useInput({ source, parse: parseValue, format: (value: unknown) => value ?? '' });
  const translateLabel = useTranslateLabel();
  const label = String(translateLabel({ source }));
  const value = String(field.value ?? '');
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={Object.keys(icons)}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <IconPreview icons={icons} name={option} fontSize="small" />
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
                  <IconPreview icons={icons} name={value} fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
