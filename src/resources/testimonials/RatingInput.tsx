import { Box, FormHelperText, Rating, Typography } from '@mui/material';
import { InputHelperText, useInput, useTranslateLabel } from 'react-admin';

const parseValue = (value: unknown) => value;
const formatValue = (value: unknown) => (value == null || value === '' ? null : Number(value));

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

// MUI's star rating as a react-admin input: five radio buttons in a labelled group, so arrow keys change it.
export function RatingInput({ source, helperText, defaultValue }: { source: string; helperText?: string; defaultValue?: number }) {
  const { id, field, fieldState } = useInput({ source, parse: parseValue, format: formatValue, defaultValue });
  const translateLabel = useTranslateLabel();
  const label = String(translateLabel({ source }));
  const value = field.value as number | null;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} aria-describedby={`${id}-help`}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Rating
          name={field.name}
          value={value}
          onChange={(_event, next) => field.onChange(next)}
          onBlur={field.onBlur}
          size="large"
          sx={{ '& input:focus-visible + label': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 0.5 } }}
        />
        <Typography variant="body2" color="text.secondary" aria-hidden>
          {value ? WORDS[value] : 'No rating'}
        </Typography>
      </Box>
      <FormHelperText id={`${id}-help`} error={Boolean(error)}>
        <InputHelperText error={error} helperText={helperText} />
      </FormHelperText>
    </Box>
  );
}
