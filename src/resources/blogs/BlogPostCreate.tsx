import { CreateBase } from 'react-admin';
import { blogs } from '../../../schema/areas/blogs';
import { newRecordLabel, PageHeader } from '../../components/PageHeader';
import { BlogPostForm } from './BlogPostForm';

export function BlogPostCreate() {
  return (
    <CreateBase redirect="edit">
      <PageHeader title={newRecordLabel(blogs)} back />
      <BlogPostForm create />
    </CreateBase>
  );
}
