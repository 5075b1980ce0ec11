import { Typography } from '@mui/material';
import { EditBase, useRecordContext } from 'react-admin';
import type { BlogPost } from '../../../schema/areas/blogs';
import { StatusChip } from '../../components/StatusChip';
import { BlogPostForm } from './BlogPostForm';

function Heading() {
  const record = useRecordContext<BlogPost & { id: number }>();
  return (
    <Typography variant="h1" component="h1" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {record?.title ?? 'Blog post'}
      {record && <StatusChip status={record.status} />}
    </Typography>
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
