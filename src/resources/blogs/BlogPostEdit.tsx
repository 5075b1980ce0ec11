import { Stack, Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import { blogs, type BlogPost } from '../../../schema/areas/blogs';
import { PublicationChip } from '../../components/PublicationChip';
import { BlogPostForm } from './BlogPostForm';

function Heading() {
  const record = useRecordContext<BlogPost & { id: number }>();
  return (
    // The chip sits beside the heading, not in it: the heading names the post and nothing else.
    <Stack direction="row" sx={{ mt: 1, alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1">
        {record?.title ?? 'Blog post'}
      </Typography>
      {record && <PublicationChip area={blogs} record={record} date="beside" />}
    </Stack>
  );
}

export function BlogPostEdit() {
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase mutationMode="pessimistic">
      <Heading />
      <BlogPostForm />
    </EditBase>
  );
}
