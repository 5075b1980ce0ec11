import { DateInput, RadioButtonGroupInput, SelectInput, TextInput } from 'react-admin';
import { CAREER_STATUSES, careers, EMPLOYMENT_TYPES } from '../../../schema/areas/careers';
import { ContentForm } from '../../components/ContentForm';
import { FormCard, FormPair } from '../../components/FormCard';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { humanize } from '../../components/StatusChip';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(careers.schema);
const statusChoices = CAREER_STATUSES.map((id) => ({ id, name: humanize(id) }));
const employmentChoices = EMPLOYMENT_TYPES.map((id) => ({ id, name: humanize(id) }));

export function JobPostingForm({ create = false }: { create?: boolean }) {
  return (
    <ContentForm
      validate={validate}
      create={create}
      createLabel="Create job posting"
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
            <RichTextInput source="description" label="Description" helperText="The role, the team and what the day looks like." />
          </FormCard>
          <FormCard>
            <RichTextInput source="requirements" label="Requirements" helperText="Qualifications and experience; a list reads best." />
          </FormCard>
        </>
      }
      side={
        <>
          <FormCard title="Recruitment">
            <RadioButtonGroupInput
              source="status"
              choices={statusChoices}
              defaultValue="open"
              helperText="Closed postings leave the careers page"
            />
            <SelectInput
              source="employment_type"
              choices={employmentChoices}
              defaultValue="full_time"
              fullWidth
              helperText={false}
            />
            <DateInput source="closing_date" fullWidth helperText="Last day to apply; empty means until filled" />
          </FormCard>
        </>
      }
    />
  );
}
