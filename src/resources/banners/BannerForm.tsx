import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanInput,
  DateTimeInput,
  DeleteButton,
  FormDataConsumer,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { BANNER_PLACEMENTS } from '../../../schema/areas/banners';
import { ImageInput } from '../../components/ImageInput';
import { ScheduleChip } from '../../components/ScheduleChip';
import { PLACEMENT_LABELS, scheduleOf, toInstant, validate } from './bannerSchedule';

const placementChoices = BANNER_PLACEMENTS.map((id) => ({ id, name: PLACEMENT_LABELS[id] ?? id }));

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
      {/* An empty new banner can be saved straight away: the answer is the list of what is missing. */}
      <SaveButton alwaysEnable={create} label={create ? 'Create banner' : undefined} />
      {!create && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

interface PreviewValues {
  title?: string | null;
  subtitle?: string | null;
  button_text?: string | null;
  image?: { src?: string } | null;
}

// A rough idea of the banner on the website, updated while typing.
function Preview({ values }: { values: PreviewValues }) {
  const src = values.image?.src;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        borderRadius: 2,
        overflow: 'hidden',
        minHeight: 150,
        display: 'flex',
        alignItems: 'flex-end',
        bgcolor: '#1d3b36',
        backgroundImage: src ? `linear-gradient(180deg, rgba(0,0,0,0.05), rgba(0,0,0,0.65)), url("${src}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        color: '#fff',
      }}
    >
      <Stack spacing={0.5} sx={{ p: 2, alignItems: 'flex-start', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', lineHeight: 1.25, overflowWrap: 'anywhere' }}>
          {values.title || 'Banner title'}
        </Typography>
        {values.subtitle && (
          <Typography variant="body2" sx={{ opacity: 0.9, overflowWrap: 'anywhere' }}>
            {values.subtitle}
          </Typography>
        )}
        {values.button_text && (
          <Button component="span" size="small" variant="contained" tabIndex={-1} sx={{ mt: 1, pointerEvents: 'none' }}>
            {values.button_text}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function BannerForm({ create = false }: { create?: boolean }) {
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
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel title="Message">
            <TextInput source="title" fullWidth helperText="Short and direct: it is read in a glance" />
            <TextInput source="subtitle" fullWidth multiline minRows={2} helperText="Optional supporting line" />
            <Pair>
              <TextInput source="button_text" fullWidth helperText="E.g. Book a visit; no button when empty" />
              <TextInput source="link" fullWidth helperText="https://… or a page of the site, like /projects" />
            </Pair>
          </Panel>
          <Panel title="Where and when">
            <SelectInput source="placement" choices={placementChoices} fullWidth helperText="Where the website shows it" />
            <Pair>
              <DateTimeInput source="starts_at" parse={toInstant} fullWidth helperText="Empty: from now" />
              <DateTimeInput source="ends_at" parse={toInstant} fullWidth helperText="Empty: until switched off" />
            </Pair>
            <BooleanInput source="active" defaultValue helperText="Switched off, it never shows, whatever the dates" />
            <FormDataConsumer>
              {({ formData }) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
                  <Typography variant="body2" color="text.secondary">
                    With these settings, right now:
                  </Typography>
                  <ScheduleChip schedule={scheduleOf(formData)} />
                </Stack>
              )}
            </FormDataConsumer>
          </Panel>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Panel>
            <ImageInput source="image" label="Image" helperText="Wide images work best (at least 1600 × 600)" />
          </Panel>
          <Panel title="Preview">
            <FormDataConsumer>{({ formData }) => <Preview values={formData as PreviewValues} />}</FormDataConsumer>
          </Panel>
        </Box>
      </Box>
    </SimpleForm>
  );
}
