import { Typography } from '@mui/material';
import { CreateBase } from 'react-admin';
import { JobPostingForm } from './JobPostingForm';

export function JobPostingCreate() {
  return (
    <CreateBase redirect="edit">
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        New job posting
      </Typography>
      <JobPostingForm create />
    </CreateBase>
  );
}
