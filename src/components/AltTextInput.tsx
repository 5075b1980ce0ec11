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
const TOO_LONG = `Alternative text must be at most ${ALT_TEXT_MAX} characters`;

export function AltTextInput({ id, of, value, onChange, onBlur, helperText }: AltTextInputProps) {
  // Past the limit the text is kept and said to be too long, as in the other fields: a maxLength on the input cut
  // pasted text without a word. The form's validation refuses it (schema/define.ts, as trimmed there), but its error
  // belongs to the image field, which shows no message for its parts: the message is said here.
  const tooLong = (value ?? '').trim().length > ALT_TEXT_MAX;
  return (
    <TextField
      id={id}
      size="small"
      label="Alternative text"
      fullWidth
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
      error={tooLong}
      helperText={tooLong ? TOO_LONG : helperText}
      slotProps={{ htmlInput: { 'aria-label': `Alternative text of ${of}` } }}
    />
  );
}
