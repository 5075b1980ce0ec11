import { Box, InputAdornment, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, DeleteButton, NumberInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { PROJECT_CATEGORIES, PROJECT_STATUSES, projects } from '../../../schema/areas/projects';
import { GalleryInput } from '../../components/GalleryInput';
import { ImageInput } from '../../components/ImageInput';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { humanize } from '../../components/StatusChip';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(projects.schema);
const categoryChoices = PROJECT_CATEGORIES.map((id) => ({ id, name: humanize(id) }));
const statusChoices = PROJECT_STATUSES.map((id) => ({ id, name: humanize(id) }));

// A card of the form; untitled when it holds one input that carries its own label.
function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box
      component={title ? 'section' : 'div'}
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: { xs: 2, sm: 2.5 } }}
    >
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}

// Two inputs side by side from the small breakpoint up, stacked on a phone.
function Pair({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
      {children}
    </Box>
  );
}

const formSx = {
  p: 0,
  mt: 1,
  // Room for react-admin's save bar, fixed to the bottom of a phone screen.
  pb: { xs: 10, sm: 0 },
  // MUI's focus ripple is faint; keyboard users get a clear ring.
  '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible, & [role="button"]:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
};

function FormToolbar({ create }: { create: boolean }) {
  return (
    <Toolbar
      sx={{
        position: { sm: 'sticky' },
        bottom: { sm: 0 },
        mt: 2,
        border: { sm: 1 },
        borderColor: { sm: 'divider' },
        borderRadius: { sm: 2 },
        justifyContent: 'space-between',
        gap: 1,
        // react-admin's default toolbar is grey; ours floats over the form like a save bar.
        bgcolor: 'background.paper',
        boxShadow: (theme) => `0 -4px 16px ${theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.5)' : 'rgba(16,38,34,0.08)'}`,
        zIndex: 2,
      }}
    >
      {/* An empty new project can be saved straight away: the answer is the list of what is missing. */}
      <SaveButton alwaysEnable={create} label={create ? 'Create project' : undefined} />
      {!create && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

export function ProjectForm({ create = false }: { create?: boolean }) {
  return (
    <SimpleForm
      validate={validate}
      toolbar={<FormToolbar create={create} />}
      component={Box}
      warnWhenUnsavedChanges
      sx={formSx}
    >
      <Box
        sx={{
          width: '100%',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title="Project">
            <TextInput source="title" fullWidth helperText="The project's name as visitors know it" />
            <SlugInput basePath="/projects/" />
            <Pair>
              <SelectInput source="category" choices={categoryChoices} fullWidth helperText="Groups the portfolio page" />
              <SelectInput source="status" choices={statusChoices} fullWidth helperText="Where the works stand today" />
            </Pair>
            <Pair>
              <TextInput source="client" fullWidth helperText="Optional; leave empty for private clients" />
              <TextInput source="location" fullWidth helperText="City or district, e.g. Leeds, UK" />
            </Pair>
            <Pair>
              {/* No min/max attributes: the browser's own bubble would pre-empt the declaration's message. */}
              <NumberInput source="year" fullWidth helperText="Completion year, or expected one" />
              <NumberInput
                source="area_sqm"
                fullWidth
                helperText="Built floor area"
                slotProps={{ input: { endAdornment: <InputAdornment position="end">m²</InputAdornment> } }}
              />
            </Pair>
          </Panel>
          <Panel>
            <RichTextInput source="description" label="Description" helperText="The story of the project: brief, challenges, result." />
          </Panel>
          <Panel>
            <GalleryInput source="gallery" label="Gallery" max={30} />
          </Panel>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title="On the website">
            <BooleanInput source="featured" helperText="Featured projects are shown on the homepage" sx={{ mb: 2 }} />
            <ImageInput source="cover_image" helperText="Shown in the portfolio grid; landscape works best" />
          </Panel>
        </Box>
      </Box>
    </SimpleForm>
  );
}
