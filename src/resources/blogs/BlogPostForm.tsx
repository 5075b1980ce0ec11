import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DateTimeInput,
  DeleteButton,
  FormDataConsumer,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetList,
} from 'react-admin';
import { BLOG_STATUSES, blogs, type BlogPost } from '../../../schema/areas/blogs';
import { ImageInput } from '../../components/ImageInput';
import { RichTextInput } from '../../components/RichTextInput';
import { SlugInput } from '../../components/SlugInput';
import { humanize } from '../../components/StatusChip';
import { TagsInput } from '../../components/TagsInput';
import { zodValidate } from '../../components/zodValidate';

const validate = zodValidate(blogs.schema);
const statusChoices = BLOG_STATUSES.map((id) => ({ id, name: humanize(id) }));
const EXCERPT_MAX = 300; // schema/areas/blogs.ts

// <input type="datetime-local"> speaks local time; the API compares instants, so the form keeps UTC ISO strings.
const toInstant = (value: string | null | undefined) => {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
};

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
      {/* An empty new post can be saved straight away: the answer is the list of what is missing. */}
      <SaveButton alwaysEnable={create} label={create ? 'Create post' : undefined} />
      {!create && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

// Tags already used by other posts, offered while typing so the blog does not grow near-duplicates.
function useKnownTags(): string[] {
  const { data } = useGetList<BlogPost & { id: number }>('blogs', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'updated_at', order: 'DESC' },
  });
  return [...new Set((data ?? []).flatMap((post) => post.tags ?? []))].sort((a, b) => a.localeCompare(b));
}

export function BlogPostForm({ create = false }: { create?: boolean }) {
  const knownTags = useKnownTags();
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
        <Panel title="Post">
          <TextInput source="title" fullWidth helperText="The headline readers see first" />
          <SlugInput basePath="/blog/" />
          <FormDataConsumer>
            {({ formData }) => {
              const length = typeof formData.excerpt === 'string' ? formData.excerpt.length : 0;
              return (
                <TextInput
                  source="excerpt"
                  fullWidth
                  multiline
                  minRows={2}
                  helperText={`Shown in the blog list and in search results · ${length}/${EXCERPT_MAX}`}
                  slotProps={{ htmlInput: { maxLength: EXCERPT_MAX } }}
                />
              );
            }}
          </FormDataConsumer>
          <RichTextInput source="content" helperText="Use headings to structure long posts." />
        </Panel>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Panel title="Publishing">
            <RadioButtonGroupInput source="status" choices={statusChoices} defaultValue="draft" helperText={false} />
            <DateTimeInput
              source="published_at"
              parse={toInstant}
              fullWidth
              helperText="Shown on the post. Leave empty until it is published."
            />
            <TextInput source="author" fullWidth helperText="Name shown under the title" />
          </Panel>
          <Panel title="In lists and search">
            <ImageInput source="cover_image" helperText="Wide images (16:9) look best" />
            <TagsInput source="tags" suggestions={knownTags} helperText="Press Enter or type a comma after each tag" />
          </Panel>
        </Box>
      </Box>
    </SimpleForm>
  );
}
