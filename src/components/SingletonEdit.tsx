import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, useResourceContext, useResourceDefinition } from 'react-admin';
import { SINGLETON_ID } from '../../schema/api';

interface SingletonEditProps {
  children: ReactNode;
  description?: string;
  // Needed where no <Resource> route provides it: the Hero Section is the dashboard page itself.
  resource?: string;
}

// The one record of a singleton area is edited in place: no list, no redirect after saving.
export function SingletonEdit({ children, description, resource: resourceProp }: SingletonEditProps) {
  const contextResource = useResourceContext();
  const resource = resourceProp ?? contextResource ?? '';
  const definition = useResourceDefinition({ resource });
  const label = (definition.options as { label?: string } | undefined)?.label ?? resource;
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mt: 1 }}>
        {label}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Edit resource={resource} id={SINGLETON_ID} redirect={false} mutationMode="pessimistic" actions={false} title={label}>
        {children}
      </Edit>
    </>
  );
}
