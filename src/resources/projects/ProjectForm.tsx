import { InputAdornment } from '@mui/material';
import { BooleanInput } from 'react-admin';
import { NumberInput } from '../../components/declaredInputs/NumberInput';
import { SelectInput } from '../../components/declaredInputs/SelectInput';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { projects } from '../../../schema/areas/projects';
import { fieldMax } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentForm } from '../../components/ContentForm';
import { FormCard, FormPair } from '../../components/FormCard';
import { GalleryInput } from '../../components/GalleryInput';
import { ImageInput } from '../../components/ImageInput';
import { PublicationInputs } from '../../components/PublicationInputs';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => projects.schema);
const categoryChoices = choicesOf(projects, 'category');
const statusChoices = choicesOf(projects, 'status');

export function ProjectForm({ create = false }: { create?: boolean }) {
  return (
    <ContentForm
      validate={validate}
      create={create}
      main={
        <>
          <FormCard title="Project">
            <TextInput source="title" fullWidth helperText="The project's name as visitors know it" />
            <SlugInput basePath="/projects/" />
            <FormPair>
              <SelectInput source="category" choices={categoryChoices} fullWidth helperText="Groups the portfolio page" />
              <SelectInput source="status" choices={statusChoices} fullWidth helperText="Where the works stand today" />
            </FormPair>
            <FormPair>
              <TextInput source="client" fullWidth helperText="Optional; leave empty for private clients" />
              <TextInput source="location" fullWidth helperText="City or district, e.g. Leeds, UK" />
            </FormPair>
            <FormPair>
              {/* No min/max attributes: the browser's own bubble would pre-empt the declaration's message. */}
              <NumberInput source="year" fullWidth helperText="Completion year, or expected one" />
              <NumberInput
                source="area_sqm"
                fullWidth
                helperText="Built floor area"
                slotProps={{ input: { endAdornment: <InputAdornment position="end">m²</InputAdornment> } }}
              />
            </FormPair>
          </FormCard>
          <FormCard>
            <RichTextInput source="description" helperText="The story of the project: brief, challenges, result." />
          </FormCard>
          <FormCard>
            <GalleryInput source="gallery" max={fieldMax(projects, 'gallery')} />
          </FormCard>
        </>
      }
      side={
        <>
          <FormCard title="Publishing">
            <PublicationInputs area={projects} />
          </FormCard>
          <FormCard title="On the website">
            <BooleanInput source="featured" helperText="Featured projects are shown on the homepage" sx={{ mb: 2 }} />
            <ImageInput source="cover_image" helperText="Shown in the portfolio grid; landscape works best" />
          </FormCard>
        </>
      }
    />
  );
}
