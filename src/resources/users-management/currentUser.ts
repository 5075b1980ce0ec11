import { useGetIdentity, type Identifier } from 'react-admin';

// SPEC/issue #3: you cannot delete or deactivate yourself; the console says so before the API refuses.
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';

export function useIsCurrentUser(): (id: Identifier | undefined) => boolean {
  const { identity } = useGetIdentity();
  return (id) => identity?.id !== undefined && id !== undefined && String(identity.id) === String(id);
}
