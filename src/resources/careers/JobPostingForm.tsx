import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../../components/declaredInputs/DateInputs';
import { RadioButtonGroupInput } from '../../components/declaredInputs/RadioButtonGroupInput';
import { SelectInput } from '../../components/declaredInputs/SelectInput';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { careers } from '../../../schema/areas/careers';
import { fieldDefault } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentForm } from '../../components/ContentForm';
import { FormCard, FormPair } from '../../components/FormCard';
import { PublicationInputs } from '../../components/PublicationInputs';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { zodValidate } from '../../components/zodValidate';
import { isPastClosing } from './jobDates';

const validate = zodValidate(() => careers.schema);

// An open posting whose closing day has passed is off the careers page and takes no applications: said under the
// date as it is picked, so nobody saves such a posting believing it is still advertised.
function ClosingDateInput() {
  const [closingDate, status] = useWatch({ name: ['closing_date', 'status'] }) as [string | null | undefined, string | undefined];
  const passed = status === 'open' && isPastClosing(closingDate);
  return (
    <DateInput
      source="closing_date"
      fullWidth
      helperText={
        passed ? (
          <Box component="span" sx={{ color: 'warning.main', fontWeight: 600 }}>
            This day has passed (UTC): the posting is not on the careers page and takes no applications.
          </Box>
        ) : (
          'Last day to apply, to the end of that day in UTC; empty means until filled'
        )
      }
    />
  );
}
const statusChoices = choicesOf(careers, 'status');
const employmentChoices = choicesOf(careers, 'employment_type');

export function JobPostingForm({ create = false }: { create?: boolean }) {
  return (
    <ContentForm
      validate={validate}
      create={create}
      main={
        <>
          <FormCard title="Position">
            <TextInput source="title" fullWidth helperText="The job title candidates search for, e.g. Site Engineer" />
            <SlugInput basePath="/careers/" />
            <FormPair>
              <TextInput source="department" fullWidth helperText="E.g. Engineering, Sales, Operations" />
              <TextInput source="location" fullWidth helperText="City, or Remote" />
            </FormPair>
          </FormCard>
          <FormCard>
            <RichTextInput source="description" helperText="The role, the team and what the day looks like." />
          </FormCard>
          <FormCard>
            <RichTextInput source="requirements" helperText="Qualifications and experience; a list reads best." />
          </FormCard>
        </>
      }
      side={
        <>
          <FormCard title="Publishing">
            <PublicationInputs area={careers} />
          </FormCard>
          <FormCard title="Recruitment">
            <RadioButtonGroupInput
              source="status"
              choices={statusChoices}
              defaultValue={fieldDefault(careers, 'status')}
              helperText="Closed postings leave the careers page"
            />
            <SelectInput
              source="employment_type"
              choices={employmentChoices}
              defaultValue={fieldDefault(careers, 'employment_type')}
              fullWidth
              helperText={false}
            />
            <ClosingDateInput />
          </FormCard>
        </>
      }
    />
  );
}
