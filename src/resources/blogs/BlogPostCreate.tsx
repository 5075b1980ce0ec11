import { Typography } from '@mui/material';
import { CreateBase } from 'react-admin';
import { BlogPostForm } from './BlogPostForm';

export function BlogPostCreate() {
  return (
    <CreateBase redirect="edit">
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        New blog post
      </Typography>
      <BlogPostForm create />
    </CreateBase>
  );
}
