import { Divider, Grid } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { aboutPage } from '../../../schema/areas/about-page';
import { fieldMax } from '../../../schema/define';
import { GalleryInput } from '../../components/GalleryInput';
import { RichTextInput } from '../../components/RichTextInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { FormSection, rowButtons, saveOnlyToolbar, visibleRemoveSx } from '../../components/SingletonForm';
import { zodValidate } from '../../components/zodValidate';
import { MultilineTextInput } from '../../components/MultilineTextInput';

const validate = zodValidate(() => aboutPage.schema);

export function AboutPageEdit() {
  return (
    <SingletonEdit description="The website's full About page: the company's story, what drives it and the people behind it.">
      <GuardedForm validate={validate} toolbar={saveOnlyToolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, gap: 2 }}>
        <FormSection title="Page">
          <TextInput source="title" />
          <RichTextInput source="content" helperText="The main text of the page." />
        </FormSection>
        <Divider flexItem />
        <FormSection title="Mission and vision">
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <MultilineTextInput source="mission" minRows={4} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <MultilineTextInput source="vision" minRows={4} />
            </Grid>
          </Grid>
        </FormSection>
        <Divider flexItem />
        <FormSection title="Values" description={`Short statements, e.g. 'Safety first' (up to ${fieldMax(aboutPage, 'values')}).`}>
          <ArrayInput source="values" label={false}>
            <SimpleFormIterator inline disableClear {...rowButtons('value')} sx={visibleRemoveSx}>
              <TextInput source="" label="Value" helperText={false} sx={{ minWidth: { xs: '100%', sm: 420 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </FormSection>
        <Divider flexItem />
        <FormSection title="Team" description={`Photos of the people behind the projects, in display order (up to ${fieldMax(aboutPage, 'team_images')}).`}>
          <GalleryInput source="team_images" max={fieldMax(aboutPage, 'team_images')} />
        </FormSection>
      </GuardedForm>
    </SingletonEdit>
  );
}
