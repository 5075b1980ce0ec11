import UpdateIcon from '@mui/icons-material/Update';
import { Chip, Grid } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DateInput } from '../../components/declaredInputs/DateInputs';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { privacyPolicy } from '../../../schema/areas/privacy-policy';
import { RichTextInput } from '../../components/RichTextInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { saveOnlyToolbar } from '../../components/SingletonForm';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => privacyPolicy.schema);
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

// What the website shows as "Last updated": the record's updated_at, set by the server on every save.
export function LastUpdated() {
  const record = useRecordContext();
  const time = typeof record?.updated_at === 'string' ? Date.parse(record.updated_at) : Number.NaN;
  if (Number.isNaN(time)) return null;
  return (
    <Chip
      icon={<UpdateIcon aria-hidden />}
      variant="outlined"
      label={`Last updated ${dateFormat.format(time)}`}
      sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
    />
  );
}

export function PrivacyPolicyEdit() {
  return (
    <SingletonEdit description="The website's privacy policy. Saving it updates the 'Last updated' date visitors see.">
      <GuardedForm validate={validate} toolbar={saveOnlyToolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, gap: 1 }}>
        <LastUpdated />
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextInput source="title" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <DateInput source="effective_date" helperText="The date the policy applies from." />
          </Grid>
        </Grid>
        <RichTextInput source="content" />
      </GuardedForm>
    </SingletonEdit>
  );
}
