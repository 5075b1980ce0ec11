import { TextField } from '@mui/material';
import { ALT_TEXT_MAX } from '../../schema/uploads';

interface AltTextInputProps {
  id: string;
  /** What the image is, for the field's accessible name ("Cover image", "site-photo.jpg"). */
  of: string;
  value: string | null | undefined;
  onChange: (alt: string | null) => void;
  onBlur?: () => void;
  helperText?: string;
}

/**
 * An image's alternative text (a file field's `alt`): what the website reads aloud in its place to people who cannot
 * see it (WCAG 1.1.1). Empty, the website uses the image's title, else the record's name (schema/uploads.ts altTextOf).
 */
export function AltTextInput({ id, of, value, onChange, onBlur, helperText }: AltTextInputProps) {
  return (
    <TextField
      id={id}
      size="small"
      label="Alternative text"
      fullWidth
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
      helperText={helperText}
      slotProps={{ htmlInput: { maxLength: ALT_TEXT_MAX, 'aria-label': `Alternative text of ${of}` } }}
    />
  );
}
