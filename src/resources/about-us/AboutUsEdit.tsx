import { Divider, Grid } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import { aboutUs } from '../../../schema/areas/about-us';
import { fieldMax } from '../../../schema/define';
import { ImageInput } from '../../components/ImageInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { FormSection, rowButtons, saveOnlyToolbar, visibleRemoveSx } from '../../components/SingletonForm';
import { zodValidate } from '../../components/zodValidate';
import { MultilineTextInput } from '../../components/MultilineTextInput';

const validate = zodValidate(() => aboutUs.schema);

export function AboutUsEdit() {
  return (
    <SingletonEdit description="The short 'About us' block of the homepage. The full story lives on the About Page.">
      <GuardedForm validate={validate} toolbar={saveOnlyToolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, gap: 2 }}>
        <Grid container spacing={{ xs: 2, md: 4 }} sx={{ width: '100%' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <FormSection title="Text">
              <TextInput source="title" />
              <MultilineTextInput source="subtitle" />
              <MultilineTextInput source="body" minRows={6} helperText="Plain text; leave a blank line between paragraphs." />
            </FormSection>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <FormSection title="Media">
              <ImageInput source="image" helperText="A landscape photo of the team or a project works best." />
            </FormSection>
          </Grid>
        </Grid>
        <Divider flexItem />
        <FormSection title="Highlights" description={`Short points shown as a list, e.g. '25 years of experience' (up to ${fieldMax(aboutUs, 'highlights')}).`}>
          <ArrayInput source="highlights" label={false}>
            <SimpleFormIterator inline disableClear {...rowButtons('highlight')} sx={visibleRemoveSx}>
              <TextInput source="" label="Highlight" helperText={false} sx={{ minWidth: { xs: '100%', sm: 420 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </FormSection>
        <Divider flexItem />
        <FormSection title="Button" description="Optional: a button under the text, e.g. 'Learn more' to /about.">
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextInput source="cta_text" />
            </Grid>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextInput source="cta_link" placeholder="/about" />
            </Grid>
          </Grid>
        </FormSection>
      </GuardedForm>
    </SingletonEdit>
  );
}
