import { Typography } from '@mui/material';
import { CreateBase } from 'react-admin';
import { BannerForm } from './BannerForm';

export function BannerCreate() {
  return (
    <CreateBase redirect="edit">
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        New banner
      </Typography>
      <BannerForm create />
    </CreateBase>
  );
}
