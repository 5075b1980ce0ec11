import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateInput, DeleteButton, RadioButtonGroupInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { CAREER_STATUSES, careers, EMPLOYMENT_TYPES } from '../../../schema/areas/careers';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { humanize } from '../../components/StatusChip';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(careers.schema);
const statusChoices = CAREER_STATUSES.map((id) => ({ id, name: humanize(id) }));
const employmentChoices = EMPLOYMENT_TYPES.map((id) => ({ id, name: humanize(id) }));

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
      {/* An empty new posting can be saved straight away: the answer is the list of what is missing. */}
      <SaveButton alwaysEnable={create} label={create ? 'Create job posting' : undefined} />
      {!create && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

export function JobPostingForm({ create = false }: { create?: boolean }) {
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
          <Panel title="Position">
            <TextInput source="title" fullWidth helperText="The job title candidates search for, e.g. Site Engineer" />
            <SlugInput basePath="/careers/" />
            <Pair>
              <TextInput source="department" fullWidth helperText="E.g. Engineering, Sales, Operations" />
              <TextInput source="location" fullWidth helperText="City, or Remote" />
            </Pair>
          </Panel>
          <Panel>
            <RichTextInput source="description" label="Description" helperText="The role, the team and what the day looks like." />
          </Panel>
          <Panel>
            <RichTextInput source="requirements" label="Requirements" helperText="Qualifications and experience; a list reads best." />
          </Panel>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title="Recruitment">
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
          </Panel>
        </Box>
      </Box>
    </SimpleForm>
  );
}
