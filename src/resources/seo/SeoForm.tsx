import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { BooleanInput, FormDataConsumer, type ToolbarProps } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';
import { GuardedForm } from '../../components/GuardedForm';
import type { ReactElement, ReactNode } from 'react';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, seo } from '../../../schema/areas/seo';
import { CharCountInput } from '../../components/CharCountInput';
import { ImageInput } from '../../components/ImageInput';
import { SeoPreview } from '../../components/SeoPreview';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(() => seo.schema);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%' }}>
      <Typography component="h2" variant="overline" color="text.secondary" sx={{ fontWeight: 700, display: 'block', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// Left: what search engines and social networks read. Right: how a results page would show it, as you type.
export function SeoForm({ toolbar }: { toolbar?: ReactElement<ToolbarProps> }) {
  return (
    <GuardedForm validate={validate} toolbar={toolbar} sx={{ p: { xs: 2, sm: 3 } }}>
      <Grid container spacing={{ xs: 2, md: 4 }} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <Section title="Page">
              <TextInput
                source="path"
                helperText="The page's address on the website, e.g. / or /about"
                slotProps={{ input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
              />
              <TextInput source="canonical_url" helperText="Optional: the preferred address when the page has several." />
            </Section>
            <Section title="Search engines">
              <CharCountInput source="meta_title" max={META_TITLE_MAX} helperText="What the result's blue link says." />
              <CharCountInput
                source="meta_description"
                max={META_DESCRIPTION_MAX}
                multiline
                helperText="The grey text under the link. One or two sentences."
              />
              <BooleanInput source="noindex" />
            </Section>
            <Section title="Sharing">
              <ImageInput
                source="share_image"
                helperText="Shown when the page is shared on social media; 1200 × 630 px works best."
              />
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined" sx={{ bgcolor: 'background.default' }}>
            <CardContent>
              <Typography component="h2" variant="overline" color="text.secondary" sx={{ fontWeight: 700, display: 'block', mb: 1 }}>
                Search result preview
              </Typography>
              <FormDataConsumer>
                {({ formData }) => (
                  <SeoPreview
                    title={formData.meta_title}
                    description={formData.meta_description}
                    path={formData.path}
                    url={formData.canonical_url}
                    noindex={formData.noindex}
                  />
                )}
              </FormDataConsumer>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
                Search engines shorten titles past about {META_TITLE_MAX} characters and descriptions past about{' '}
                {META_DESCRIPTION_MAX}.
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </GuardedForm>
  );
}
