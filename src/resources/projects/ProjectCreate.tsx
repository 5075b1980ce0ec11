import { Typography } from '@mui/material';
import { CreateBase } from 'react-admin';
import { ProjectForm } from './ProjectForm';

export function ProjectCreate() {
  return (
    <CreateBase redirect="edit">
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        New project
      </Typography>
      <ProjectForm create />
    </CreateBase>
  );
}
