import { DateInput, RadioButtonGroupInput, SelectInput, TextInput } from '../../components/inputs';
import { careers } from '../../../schema/areas/careers';
import { fieldDefault } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentForm } from '../../components/ContentForm';
import { FormCard, FormPair } from '../../components/FormCard';
import { PublicationInputs } from '../../components/PublicationInputs';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => careers.schema);
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
            <DateInput source="closing_date" fullWidth helperText="Last day to apply; empty means until filled" />
          </FormCard>
        </>
      }
    />
  );
}
