import { useGetIdentity, type Identifier } from 'react-admin';

// SPEC/issue #3: you cannot delete or deactivate yourself; the console says so before the API refuses.
export { CANNOT_DEACTIVATE_SELF, CANNOT_DELETE_SELF } from '../../../schema/areas/users-management';

export function useIsCurrentUser(): (id: Identifier | undefined) => boolean {
  const { identity } = useGetIdentity();
  return (id) => identity?.id !== undefined && id !== undefined && String(identity.id) === String(id);
}
