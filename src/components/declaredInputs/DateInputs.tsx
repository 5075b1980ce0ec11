import { BrowserDateInput, type BrowserDateInputProps } from '../BrowserDateInput';
import { useDeclaredRequired } from './required';

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
