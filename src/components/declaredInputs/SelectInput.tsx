import { SelectInput as RaSelectInput, type SelectInputProps } from 'react-admin';
import { useDeclaredRequired } from './required';

export function SelectInput(props: SelectInputProps) {
  return <RaSelectInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}
