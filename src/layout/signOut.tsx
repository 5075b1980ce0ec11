import { useCallback, useEffect, useState } from 'react';
import { useLogout } from 'react-admin';
import { hasUnsavedChanges, LeaveWithoutSavingDialog } from '../components/UnsavedChangesGuard';

// The question's one place in the page (SignOutQuestion, in the Layout): the sidebar's Logout on a phone and the
// header's user menu close as they are used, and would take a dialog of their own away with them.
let askFirst: (() => void) | undefined;

/**
 * SPEC §2's Logout, from the sidebar or the user menu. With a form on the page holding unsaved edits it first asks,
 * as leaving the page would (issue #8 item 4): signing out ends the session before any navigation, so the form's own
 * guard would only see the edits once they were lost.
 */
export function useSignOut(): () => void {
  const logout = useLogout();
  return useCallback(() => {
    if (hasUnsavedChanges() && askFirst) askFirst();
    else void logout();
  }, [logout]);
}

export function SignOutQuestion() {
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    askFirst = () => setOpen(true);
    return () => {
      askFirst = undefined;
    };
  }, []);
  return (
    <LeaveWithoutSavingDialog
      open={open}
      onLeave={() => {
        setOpen(false);
        void logout();
      }}
      onStay={() => setOpen(false)}
    />
  );
}
