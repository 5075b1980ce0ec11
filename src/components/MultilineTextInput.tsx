import type { TextInputProps } from 'react-admin';
import { TextInput } from './declaredInputs/TextInput';
import { growingTextarea } from './GrowingTextarea';

export interface MultilineTextInputProps extends Omit<TextInputProps, 'multiline' | 'rows' | 'minRows' | 'maxRows'> {
  minRows?: number;
  maxRows?: number;
}

// react-admin's TextInput, multi-line, with a textarea that grows without measuring itself as React commits
// (GrowingTextarea). Every multi-line input of the console's forms is one of these.
export function MultilineTextInput({ minRows = 1, maxRows, slotProps, ...props }: MultilineTextInputProps) {
  const input = slotProps?.input;
  return (
    <TextInput
      {...props}
      multiline
      slotProps={{
        ...slotProps,
        input: { ...(typeof input === 'object' ? input : {}), inputComponent: growingTextarea(minRows, maxRows) },
      }}
    />
  );
}
