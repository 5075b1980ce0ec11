import { EditBase, useRecordContext } from 'react-admin';
import { blogs, type BlogPost } from '../../../schema/areas/blogs';
import { PageHeader } from '../../components/PageHeader';
import { PublicationChip } from '../../components/PublicationChip';
import { BlogPostForm } from './BlogPostForm';
import { useRecordQueryOptions } from '../../components/recordQuery';

function Heading() {
  const record = useRecordContext<BlogPost & { id: number }>();
  return (
    <PageHeader
      title={record?.title ?? 'Blog post'}
      badges={record && <PublicationChip area={blogs} record={record} date="beside" />}
      back
    />
  );
}

export function BlogPostEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  // Pessimistic: the API's field errors (a taken slug, say) must reach the form before leaving it.
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic">
      <Heading />
      <BlogPostForm />
    </EditBase>
  );
}
