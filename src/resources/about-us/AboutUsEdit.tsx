import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ArrayInput, SaveButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, useSimpleFormIterator } from 'react-admin';
import { aboutUs } from '../../../schema/areas/about-us';
import { ImageInput } from '../../components/ImageInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { zodValidate } from '../../components/zodValidate';

// A singleton cannot be deleted: Save only.
const toolbar = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
const validate = zodValidate(aboutUs.schema);

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%', pb: 1 }}>
      <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function AddRowButton({ label }: { label: string }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon aria-hidden />} onClick={() => add()}>
      {label}
    </Button>
  );
}

// Remove buttons stay visible: react-admin shows them on hover only, which hides them from keyboard users.
const iteratorSx = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } };

export function AboutUsEdit() {
  return (
    <SingletonEdit description="The short 'About us' block of the homepage. The full story lives on the About Page.">
      <SimpleForm validate={validate} toolbar={toolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, gap: 2 }}>
        <Grid container spacing={{ xs: 2, md: 4 }} sx={{ width: '100%' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Section title="Text">
              <TextInput source="title" label="Title" />
              <TextInput source="subtitle" label="Subtitle" multiline />
              <TextInput source="body" label="Text" multiline minRows={6} helperText="Plain text; leave a blank line between paragraphs." />
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Section title="Media">
              <ImageInput source="image" label="Image" helperText="A landscape photo of the team or a project works best." />
            </Section>
          </Grid>
        </Grid>
        <Divider flexItem />
        <Section title="Highlights" description="Short points shown as a list, e.g. '25 years of experience' (up to 8).">
          <ArrayInput source="highlights" label={false}>
            <SimpleFormIterator inline disableClear addButton={<AddRowButton label="Add highlight" />} sx={iteratorSx}>
              <TextInput source="" label="Highlight" helperText={false} sx={{ minWidth: { xs: '100%', sm: 420 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Section>
        <Divider flexItem />
        <Section title="Button" description="Optional: a button under the text, e.g. 'Learn more' to /about.">
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextInput source="cta_text" label="Button text" />
            </Grid>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextInput source="cta_link" label="Button link" placeholder="/about" />
            </Grid>
          </Grid>
        </Section>
      </SimpleForm>
    </SingletonEdit>
  );
}
