// react-admin's inputs, marked required where the area's declaration requires the field. The console validates a
// form as a whole (zodValidate, the API's schema), so react-admin cannot tell from an input's own validators that the
// field is required: without this, no label had its '*' and a required drop-down offered an empty choice. Every form
// imports these inputs from here (eslint.config.js); an `isRequired` given to one still wins.
import {
  AutocompleteInput as RaAutocompleteInput,
  DateInput as RaDateInput,
  DateTimeInput as RaDateTimeInput,
  NumberInput as RaNumberInput,
  RadioButtonGroupInput as RaRadioButtonGroupInput,
  SelectInput as RaSelectInput,
  TextInput as RaTextInput,
  useResourceContext,
  useSaveContext,
  useWrappedSource,
  type AutocompleteInputProps,
  type DateInputProps,
  type DateTimeInputProps,
  type NumberInputProps,
  type RadioButtonGroupInputProps,
  type SelectInputProps,
  type TextInputProps,
} from 'react-admin';
import { factRequired } from '../areaFacts';

/**
 * Whether the declaration of the form's area requires this input's field: a record's field by its name, a list item's
 * by '<list>.<field>' (the index of the item left out). Never in a list's filters, which save nothing.
 */
export function useDeclaredRequired(source: string): boolean {
  const saving = useSaveContext().save !== undefined;
  const resource = useResourceContext() ?? '';
  const path = useWrappedSource(source)
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
  return saving && factRequired(resource, path);
}

export function TextInput(props: TextInputProps) {
  return <RaTextInput isRequired={useDeclaredRequired(props.source)} {...props} />;
}

export function NumberInput(props: NumberInputProps) {
  return <RaNumberInput isRequired={useDeclaredRequired(props.source)} {...props} />;
}

export function SelectInput(props: SelectInputProps) {
  return <RaSelectInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}

export function AutocompleteInput(props: AutocompleteInputProps) {
  return <RaAutocompleteInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}

export function RadioButtonGroupInput(props: RadioButtonGroupInputProps) {
  return <RaRadioButtonGroupInput isRequired={useDeclaredRequired(props.source ?? '')} {...props} />;
}

export function DateInput(props: DateInputProps) {
  return <RaDateInput isRequired={useDeclaredRequired(props.source)} {...props} />;
}

export function DateTimeInput(props: DateTimeInputProps) {
  return <RaDateTimeInput isRequired={useDeclaredRequired(props.source)} {...props} />;
}
