import { AutocompleteInput as RaAutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { useDeclaredRequired } from './required';

export function AutocompleteInput(props: AutocompleteInputProps) {
  return <RaAutocompleteInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}
