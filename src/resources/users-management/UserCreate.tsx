import { CreateBase, PasswordInput } from 'react-admin';
import { GuardedForm } from '../../components/GuardedForm';
import { usersManagement } from '../../../schema/areas/users-management';
import { userCreateSchema } from '../../../schema/user-forms';
import { PASSWORD_MIN_LENGTH } from '../../../schema/auth-rules';
import { fieldDefault } from '../../../schema/define';
import { newRecordLabel } from '../../components/PageHeader';
import { zodValidate } from '../../components/zodValidate';
import { UserActiveInput, UserEmailInput, UserNameInput } from './UserFields';
import { OwnPasswordInput } from './OwnPasswordInput';
import { UserFormLayout } from './UserFormLayout';

const validate = zodValidate(userCreateSchema);

export function UserCreate() {
  return (
    <CreateBase redirect="list">
      <UserFormLayout title={newRecordLabel(usersManagement)} description="They sign in with this email and password; share the password with them safely.">
        <GuardedForm validate={validate} defaultValues={{ active: fieldDefault(usersManagement, 'active') }} sx={{ p: { xs: 2, sm: 3 } }}>
          <UserNameInput />
          <UserEmailInput />
          <PasswordInput
            source="password"
            label="Password"
            isRequired
            autoComplete="new-password"
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <UserActiveInput />
          <OwnPasswordInput creating />
        </GuardedForm>
      </UserFormLayout>
    </CreateBase>
  );
}
