import type { ReactNode } from 'react';
import { Edit, useResourceContext, useResourceDefinition } from 'react-admin';
import { SINGLETON_ID } from '../../schema/api';
import { PageHeader } from './PageHeader';

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
      {/* No way back: a singleton has no list, its menu entry is this page. */}
      <PageHeader title={label} description={description} />
      <Edit resource={resource} id={SINGLETON_ID} redirect={false} mutationMode="pessimistic" actions={false} title={label}>
        {children}
      </Edit>
    </>
  );
}
