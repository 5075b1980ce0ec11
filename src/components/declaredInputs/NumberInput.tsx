import { NumberInput as RaNumberInput, type NumberInputProps } from 'react-admin';
import { announcedRequired, useDeclaredRequired } from './required';

export function NumberInput(props: NumberInputProps) {
  const declared = useDeclaredRequired(props.source);
  const required = props.isRequired ?? declared;
  return <RaNumberInput {...props} isRequired={required} slotProps={announcedRequired(props.slotProps, required)} />;
}
