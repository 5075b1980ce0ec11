import LinkIcon from '@mui/icons-material/Link';
import { Box, InputAdornment } from '@mui/material';
import { FormDataConsumer } from 'react-admin';
import { TextInput } from './declaredInputs/TextInput';
import { slugify } from '../../schema/slug';

export const SLUG_HELPER = 'Leave empty to generate it from the title';

interface SlugInputProps {
  // The public path the slug is appended to, e.g. '/blog/'.
  basePath: string;
  source?: string;
  // The field an empty slug is generated from.
  from?: string;
  label?: string;
}

export function SlugInput(props: SlugInputProps) {
  return (
    <FormDataConsumer>
      {({ formData }) => (
        <SlugTextInput
          {...props}
          slug={formData[props.source ?? 'slug'] as string | null | undefined}
          origin={formData[props.from ?? 'title'] as string | null | undefined}
        />
      )}
    </FormDataConsumer>
  );
}

interface SlugTextInputProps extends SlugInputProps {
  slug: string | null | undefined;
  origin: string | null | undefined;
}

function SlugTextInput({ basePath, source = 'slug', label, slug, origin }: SlugTextInputProps) {
  const typed = (slug ?? '').trim();
  const preview = typed || slugify(origin ?? '');
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return (
    <TextInput
      source={source}
      label={label}
      fullWidth
      autoComplete="off"
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <LinkIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
        htmlInput: { spellCheck: false, autoCapitalize: 'none' },
      }}
      helperText={
        <Box component="span" sx={{ display: 'block' }}>
          <Box component="span" sx={{ display: 'block' }}>
            {SLUG_HELPER}
          </Box>
          <Box
            component="span"
            data-testid="slug-preview"
            sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere', color: 'text.primary' }}
          >
            {base}
            {preview ? (
              <Box component="strong" sx={{ fontWeight: 600 }}>
                {preview}
              </Box>
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                …
              </Box>
            )}
            {!typed && preview ? (
              <Box component="span" sx={{ fontFamily: 'inherit', color: 'text.secondary' }}>
                {' '}
                (generated)
              </Box>
            ) : null}
          </Box>
        </Box>
      }
    />
  );
}
