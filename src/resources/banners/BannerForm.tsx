import { Box, Button, Stack, Typography } from '@mui/material';
import { BooleanInput, FormDataConsumer } from 'react-admin';
import { DateTimeInput } from '../../components/declaredInputs/DateInputs';
import { SelectInput } from '../../components/declaredInputs/SelectInput';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { banners } from '../../../schema/areas/banners';
import { fieldDefault } from '../../../schema/define';
import { ContentForm } from '../../components/ContentForm';
import { FormCard, FormPair } from '../../components/FormCard';
import { ImageInput } from '../../components/ImageInput';
import { ScheduleChip } from '../../components/ScheduleChip';
import { toInstant } from '../../components/toInstant';
import { bannerScheduleOf, placementChoices, validate } from './bannerSchedule';
import { MultilineTextInput } from '../../components/MultilineTextInput';

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
    <ContentForm
      validate={validate}
      create={create}
      sideWidth={340}
      main={
        <>
          <FormCard title="Message">
            <TextInput source="title" fullWidth helperText="Short and direct: it is read in a glance" />
            <MultilineTextInput source="subtitle" fullWidth minRows={2} helperText="Optional supporting line" />
            <FormPair>
              <TextInput source="button_text" fullWidth helperText="E.g. Book a visit; no button when empty" />
              <TextInput source="link" fullWidth helperText="https://… or a page of the site, like /projects" />
            </FormPair>
          </FormCard>
          <FormCard title="Where and when">
            <SelectInput source="placement" choices={placementChoices} fullWidth helperText="Where the website shows it" />
            <FormPair>
              <DateTimeInput source="starts_at" parse={toInstant} fullWidth helperText="Empty: from now" />
              <DateTimeInput source="ends_at" parse={toInstant} calendarDay="end" fullWidth helperText="Empty: until switched off" />
            </FormPair>
            <BooleanInput source="active" defaultValue={fieldDefault(banners, 'active')} helperText="Switched off, it never shows, whatever the dates" />
            <FormDataConsumer>
              {({ formData }) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }} role="status">
                  <Typography variant="body2" color="text.secondary">
                    With these settings, right now:
                  </Typography>
                  <ScheduleChip schedule={bannerScheduleOf(formData)} />
                </Stack>
              )}
            </FormDataConsumer>
          </FormCard>
        </>
      }
      side={
        <>
          <FormCard>
            <ImageInput source="image" helperText="Wide images work best (at least 1600 × 600)" />
          </FormCard>
          <FormCard title="Preview">
            <FormDataConsumer>{({ formData }) => <Preview values={formData as PreviewValues} />}</FormDataConsumer>
          </FormCard>
        </>
      }
    />
  );
}
