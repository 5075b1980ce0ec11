import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ArrayInput, SaveButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, useSimpleFormIterator } from 'react-admin';
import { aboutPage } from '../../../schema/areas/about-page';
import { GalleryInput } from '../../components/GalleryInput';
import { RichTextInput } from '../../components/RichTextInput';
import { SingletonEdit } from '../../components/SingletonEdit';
import { zodValidate } from '../../components/zodValidate';

// A singleton cannot be deleted: Save only.
const toolbar = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
const validate = zodValidate(aboutPage.schema);

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

export function AboutPageEdit() {
  return (
    <SingletonEdit description="The website's full About page: the company's story, what drives it and the people behind it.">
      <SimpleForm validate={validate} toolbar={toolbar} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, gap: 2 }}>
        <Section title="Page">
          <TextInput source="title" label="Title" />
          <RichTextInput source="content" label="Content" helperText="The main text of the page." />
        </Section>
        <Divider flexItem />
        <Section title="Mission and vision">
          <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput source="mission" label="Mission" multiline minRows={4} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput source="vision" label="Vision" multiline minRows={4} />
            </Grid>
          </Grid>
        </Section>
        <Divider flexItem />
        <Section title="Values" description="Short statements, e.g. 'Safety first' (up to 12).">
          <ArrayInput source="values" label={false}>
            <SimpleFormIterator inline disableClear addButton={<AddRowButton label="Add value" />} sx={iteratorSx}>
              <TextInput source="" label="Value" helperText={false} sx={{ minWidth: { xs: '100%', sm: 420 } }} />
            </SimpleFormIterator>
          </ArrayInput>
        </Section>
        <Divider flexItem />
        <Section title="Team" description="Photos of the people behind the projects, in display order (up to 30).">
          <GalleryInput source="team_images" label="Team images" max={30} />
        </Section>
      </SimpleForm>
    </SingletonEdit>
  );
}
