import { RadioButtonGroupInput as RaRadioButtonGroupInput, type RadioButtonGroupInputProps } from 'react-admin';
import { useDeclaredRequired } from './required';

export function RadioButtonGroupInput(props: RadioButtonGroupInputProps) {
  return <RaRadioButtonGroupInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}
