import { TextInput as RaTextInput, type TextInputProps } from 'react-admin';
import { announcedRequired, useDeclaredRequired } from './required';

export function TextInput(props: TextInputProps) {
  const declared = useDeclaredRequired(props.source);
  const required = props.isRequired ?? declared;
  return <RaTextInput {...props} isRequired={required} slotProps={announcedRequired(props.slotProps, required)} />;
}
