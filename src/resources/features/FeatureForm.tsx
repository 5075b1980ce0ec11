import { Box, Card, CardContent, Typography } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { useWatch } from 'react-hook-form';
import { features } from '../../../schema/areas/features';
import { fieldDefault, fieldMax } from '../../../schema/define';
import { zodValidate } from '../../components/zodValidate';
import { FeatureIcon, FeatureIconInput } from './FeatureIconInput';
import { MultilineTextInput } from '../../components/MultilineTextInput';

const validate = zodValidate(() => features.schema);

// How the feature reads on the homepage, updated as the user types.
function FeaturePreview() {
  const [title, description, icon, active] = useWatch({ name: ['title', 'description', 'icon', 'active'] }) as [
    string | null,
    string | null,
    string | null,
    boolean | undefined,
  ];
  return (
    <Box component="aside" aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview {active === false && '· hidden from the website'}
      </Typography>
      <Card variant="outlined" sx={{ opacity: active === false ? 0.6 : 1 }}>
        <CardContent sx={{ p: 3 }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              mb: 2,
            }}
          >
            <FeatureIcon name={icon} />
          </Box>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title || 'Feature title'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {description || 'A sentence or two about this strength.'}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

export function FeatureForm() {
  return (
    <GuardedForm validate={validate}>
      <Box sx={{ display: 'grid', gap: 3, width: '100%', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' } }}>
        <Box sx={{ maxWidth: 640 }}>
          <TextInput source="title" helperText={`Short and specific, e.g. ‘Design & Build’. Up to ${fieldMax(features, 'title')} characters.`} />
          <MultilineTextInput
            source="description"
            minRows={3}
            helperText={`One or two sentences shown under the title. Up to ${fieldMax(features, 'description')} characters.`}
          />
          <FeatureIconInput helperText="Pick one, or type any Material Symbols icon name." />
          <BooleanInput source="active" defaultValue={fieldDefault(features, 'active')} helperText="Hidden features stay here but are not shown on the website." />
        </Box>
        <FeaturePreview />
      </Box>
    </GuardedForm>
  );
}
