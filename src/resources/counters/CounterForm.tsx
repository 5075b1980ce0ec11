import { Box, Card, CardContent, Typography } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { NumberInput } from '../../components/declaredInputs/NumberInput';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { useWatch } from 'react-hook-form';
import { counters } from '../../../schema/areas/counters';
import { fieldDefault, fieldMax } from '../../../schema/define';
import { zodValidate } from '../../components/zodValidate';
import { CounterIcon, CounterIconInput } from './CounterIconInput';
import { counterFigure } from './counterFigure';

const validate = zodValidate(() => counters.schema);

function CounterPreview() {
  const [label, value, suffix, icon, active] = useWatch({ name: ['label', 'value', 'suffix', 'icon', 'active'] }) as [
    string | null,
    number | null,
    string | null,
    string | null,
    boolean | undefined,
  ];
  return (
    <Box component="aside" aria-label="Preview">
      <Typography variant="overline" color="text.secondary">
        Preview {active === false && '· hidden from the website'}
      </Typography>
      <Card variant="outlined" sx={{ opacity: active === false ? 0.6 : 1, textAlign: 'center' }}>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ color: 'primary.main' }}>
            <CounterIcon name={icon} fontSize="large" />
          </Box>
          <Typography data-testid="counter-figure" sx={{ fontSize: 40, fontWeight: 700, lineHeight: 1.1, overflowWrap: 'anywhere' }}>
            {counterFigure(value, suffix)}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {label || 'Label'}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

export function CounterForm() {
  return (
    <GuardedForm validate={validate}>
      <Box sx={{ display: 'grid', gap: 3, width: '100%', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' } }}>
        <Box sx={{ maxWidth: 640 }}>
          <TextInput source="label" helperText={`What is counted, e.g. ‘Projects completed’. Up to ${fieldMax(counters, 'label')} characters.`} />
          {/* No min/step attributes: the browser's own validation bubble would stop the schema's messages. */}
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
            <NumberInput source="value" helperText="A whole number; the website counts up to it." />
            <TextInput source="suffix" helperText="e.g. + or %" />
          </Box>
          <CounterIconInput helperText="Pick one, or type any Material Symbols icon name." />
          <BooleanInput source="active" defaultValue={fieldDefault(counters, 'active')} helperText="Hidden counters stay here but are not shown on the website." />
        </Box>
        <CounterPreview />
      </Box>
    </GuardedForm>
  );
}
