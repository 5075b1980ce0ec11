import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { Box, Button, Collapse, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { EditBase, PasswordInput, SaveButton, Toolbar, useEditContext, useRecordContext, type RaRecord } from 'react-admin';
import { GuardedForm } from '../../components/GuardedForm';
import { useFormContext } from 'react-hook-form';
import { userUpdateSchema } from '../../../schema/user-forms';
import { PASSWORD_MIN_LENGTH } from '../../../schema/auth-rules';
import { zodValidate } from '../../components/zodValidate';
import { CANNOT_DEACTIVATE_SELF, useIsCurrentUser } from './currentUser';
import { UserDeleteButton } from './UserDeleteButton';
import { UserActiveInput, UserEmailInput, UserNameInput } from './UserFields';
import { OwnPasswordInput, ownPasswordMissing, ownPasswordNeed } from './OwnPasswordInput';
import { UserFormLayout } from './UserFormLayout';
import { UserLockNotice } from './UserLockNotice';
import { useRecordQueryOptions } from '../../components/recordQuery';

const validateFields = zodValidate(userUpdateSchema);

// The schema's rules, and your own password where the change needs it (the API would refuse the save without it).
const validateFor = (record: Record<string, unknown> | undefined, self: boolean) => async (values: Record<string, unknown>) => {
  const errors = await validateFields(values);
  const need = ownPasswordNeed(values, record, { self });
  const given = typeof values.current_password === 'string' && values.current_password !== '';
  if (need.needed && !given && errors.current_password === undefined) errors.current_password = ownPasswordMissing(need);
  return errors;
};

// The password is not part of the record: the section opens on demand, and an empty field keeps the current one.
function NewPasswordSection() {
  const [open, setOpen] = useState(false);
  const { resetField, clearErrors } = useFormContext();
  const record = useRecordContext();
  const isCurrentUser = useIsCurrentUser();
  const own = isCurrentUser(record?.id);
  return (
    <Box component="section" aria-labelledby="new-password-heading" sx={{ width: '100%' }}>
      <Divider sx={{ my: 1 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, py: 1 }}>
        <div>
          <Typography id="new-password-heading" component="h2" sx={{ fontWeight: 700 }}>
            New password
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {own ? 'Changing it signs you out of your other sessions.' : 'Resetting signs the user out of their other sessions.'}
          </Typography>
        </div>
        <Button
          variant="outlined"
          startIcon={<KeyOutlinedIcon aria-hidden />}
          aria-expanded={open}
          aria-controls="new-password-fields"
          onClick={() => {
            if (open) {
              // Your own password stays (an email changed meanwhile still needs it); an error it had for the
              // password kept no longer stands, and the form is as it was (a new user's probe).
              resetField('password', { defaultValue: '' });
              clearErrors('current_password');
            }
            setOpen(!open);
          }}
        >
          {open ? 'Keep current password' : own ? 'Change password' : 'Reset password'}
        </Button>
      </Stack>
      <Collapse in={open} id="new-password-fields" unmountOnExit>
        <PasswordInput
          source="password"
          label="New password"
          autoComplete="new-password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters. Leave empty to keep the current password.`}
          sx={{ mt: 1 }}
        />
      </Collapse>
    </Box>
  );
}

function UserEditToolbar() {
  return (
    // On the paper colour, not react-admin's grey: red text on grey fails WCAG AA contrast (3.8:1).
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
      <SaveButton />
      <UserDeleteButton />
    </Toolbar>
  );
}

function ActiveField() {
  const record = useRecordContext();
  const isCurrentUser = useIsCurrentUser();
  const self = isCurrentUser(record?.id);
  return <UserActiveInput disabled={self} helperText={self ? CANNOT_DEACTIVATE_SELF : undefined} />;
}

const withoutLock = ({ locked_until: _lock, ...rest }: RaRecord): RaRecord => rest;

function UserEditView() {
  const { record } = useEditContext();
  const isCurrentUser = useIsCurrentUser();
  const self = isCurrentUser(record?.id);
  const validate = useMemo(() => validateFor(record, self), [record, self]);
  // The lock is no field of the form: react-admin's form starts again from its record whenever that record changes,
  // and an unlock (or a lock coming) re-reads the record, which would drop the edits typed meanwhile.
  const formRecord = useMemo(() => record && withoutLock(record), [record]);
  return (
    <UserFormLayout title={record ? `Edit ${String(record.name ?? '')}` : 'Edit user'}>
      <UserLockNotice />
      <GuardedForm record={formRecord} validate={validate} toolbar={<UserEditToolbar />} sx={{ p: { xs: 2, sm: 3 } }}>
        <UserNameInput />
        <UserEmailInput />
        <ActiveField />
        <NewPasswordSection />
        <OwnPasswordInput />
      </GuardedForm>
    </UserFormLayout>
  );
}

// Pessimistic: a refused change (email taken, deactivating yourself) must show on its field, not be undone later.
export function UserEdit() {
  const recordQueryOptions = useRecordQueryOptions();
  return (
    <EditBase queryOptions={recordQueryOptions} mutationMode="pessimistic" redirect="list" loading={<LinearProgress aria-label="Loading" sx={{ mt: 3 }} />}>
      <UserEditView />
    </EditBase>
  );
}
