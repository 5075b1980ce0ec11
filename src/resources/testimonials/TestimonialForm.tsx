import { Avatar, Box, Card, CardContent, Rating, Typography } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { useWatch } from 'react-hook-form';
import { testimonials } from '../../../schema/areas/testimonials';
import { fieldDefault, fieldMax } from '../../../schema/define';
import { ImageInput } from '../../components/ImageInput';
import { zodValidate } from '../../components/zodValidate';
import type { UploadedFile } from '../../dataProvider';
import { RatingInput } from './RatingInput';
import { byline, initials } from './testimonialText';
import { MultilineTextInput } from '../../components/MultilineTextInput';

const validate = zodValidate(() => testimonials.schema);

// The quote as the homepage shows it, updated as the user types.
function TestimonialPreview() {
  const [name, role, company, quote, photo, rating, active] = useWatch({
    name: ['name', 'role', 'company', 'quote', 'photo', 'rating', 'active'],
  }) as [string | null, string | null, string | null, string | null, UploadedFile | null, number | null, boolean | undefined];
  return (
    <Box component="aside" aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview {active === false && '· hidden from the website'}
      </Typography>
      <Card variant="outlined" sx={{ opacity: active === false ? 0.6 : 1 }}>
        <CardContent sx={{ p: 3 }}>
          <Rating value={Number(rating) || 0} readOnly size="small" aria-hidden />
          <Typography sx={{ fontStyle: 'italic', my: 1.5, overflowWrap: 'anywhere' }}>“{quote || 'What the client said…'}”</Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Avatar src={photo?.src} alt="" sx={{ bgcolor: 'primary.main' }}>
              {initials(name) || '?'}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {name || 'Client name'}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {byline(role, company) || 'Role, company'}
              </Typography>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export function TestimonialForm() {
  return (
    <GuardedForm validate={validate}>
      <Box sx={{ display: 'grid', gap: 3, width: '100%', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' } }}>
        <Box sx={{ maxWidth: 640 }}>
          <TextInput source="name" helperText="The person quoted, as they agreed to be named." />
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <TextInput source="role" helperText="e.g. Project Director or Homeowner" />
            <TextInput source="company" helperText="Leave empty for private clients" />
          </Box>
          <MultilineTextInput source="quote" minRows={4} helperText={`Their words, without quotation marks. Up to ${fieldMax(testimonials, 'quote')} characters.`} />
          <RatingInput source="rating" defaultValue={fieldDefault(testimonials, 'rating')} helperText="Stars shown above the quote." />
          <ImageInput source="photo" helperText="A square head-and-shoulders photo works best. Initials are shown without one." />
          <BooleanInput source="active" defaultValue={fieldDefault(testimonials, 'active')} helperText="Hidden testimonials stay here but are not shown on the website." />
        </Box>
        <TestimonialPreview />
      </Box>
    </GuardedForm>
  );
}
