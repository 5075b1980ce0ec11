// react-admin's inputs (and the console's own date inputs), marked required where the area's declaration requires the field. The console validates a
// form as a whole (zodValidate, the API's schema), so react-admin cannot tell from an input's own validators that the
// field is required: without this, no label had its '*' and a required drop-down offered an empty choice. Every form
// imports these inputs from here (eslint.config.js); an `isRequired` given to one still wins.
import {
  AutocompleteInput as RaAutocompleteInput,
  NumberInput as RaNumberInput,
  RadioButtonGroupInput as RaRadioButtonGroupInput,
  SelectInput as RaSelectInput,
  TextInput as RaTextInput,
  useResourceContext,
  useSaveContext,
  useWrappedSource,
  type AutocompleteInputProps,
  type NumberInputProps,
  type RadioButtonGroupInputProps,
  type SelectInputProps,
  type TextInputProps,
} from 'react-admin';
import { factRequired } from '../areaFacts';
import { BrowserDateInput, type BrowserDateInputProps } from './BrowserDateInput';

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

type TextSlots = TextInputProps['slotProps'];

// react-admin's '*' is hidden from screen readers (aria-hidden): a required text field says so itself, as
// aria-required, so that it is announced with its label before anything is submitted.
function announcedRequired(slotProps: TextSlots, required: boolean): TextSlots {
  if (!required) return slotProps;
  const htmlInput = slotProps?.htmlInput;
  return { ...slotProps, htmlInput: { ...(typeof htmlInput === 'object' ? htmlInput : {}), 'aria-required': true } };
}

export function TextInput(props: TextInputProps) {
  const declared = useDeclaredRequired(props.source);
  const required = props.isRequired ?? declared;
  return <RaTextInput {...props} isRequired={required} slotProps={announcedRequired(props.slotProps, required)} />;
}

export function NumberInput(props: NumberInputProps) {
  const declared = useDeclaredRequired(props.source);
  const required = props.isRequired ?? declared;
  return <RaNumberInput {...props} isRequired={required} slotProps={announcedRequired(props.slotProps, required)} />;
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

type DateProps = Omit<BrowserDateInputProps, 'kind'>;

// Not react-admin's DateInput and DateTimeInput: they kept the last date JavaScript could read and dropped a year
// typed with five digits or a date half typed (BrowserDateInput.tsx says more).
export function DateInput(props: DateProps) {
  const declared = useDeclaredRequired(props.source);
  return <BrowserDateInput kind="date" {...props} isRequired={props.isRequired ?? declared} />;
}

export function DateTimeInput(props: DateProps) {
  const declared = useDeclaredRequired(props.source);
  return <BrowserDateInput kind="datetime-local" {...props} isRequired={props.isRequired ?? declared} />;
}
