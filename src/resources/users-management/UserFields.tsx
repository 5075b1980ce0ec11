import { InputAdornment } from '@mui/material';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import { BooleanInput } from 'react-admin';
import { TextInput } from '../../components/declaredInputs/TextInput';

export function UserNameInput() {
  return <TextInput source="name" autoComplete="name" helperText="Shown in the console's header." />;
}

export function UserEmailInput() {
  return (
    <TextInput
      source="email"
      // inputMode, not type: type="email" would let the browser block the submit with its own bubble.
      autoComplete="email"
      helperText="Used to sign in. Must be unique."
      slotProps={{
        htmlInput: { inputMode: 'email' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <AlternateEmailIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function UserActiveInput({ disabled, helperText }: { disabled?: boolean; helperText?: string }) {
  return (
    <BooleanInput
      source="active"
      disabled={disabled}
      helperText={helperText ?? 'Inactive users cannot sign in; their sessions end at once.'}
    />
  );
}
