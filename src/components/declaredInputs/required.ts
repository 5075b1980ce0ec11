// react-admin's inputs (and the console's own date inputs), marked required where the area's declaration requires the
// field. The console validates a form as a whole (zodValidate, the API's schema), so react-admin cannot tell from an
// input's own validators that the field is required: without this, no label had its '*' and a required drop-down
// offered an empty choice. Every form imports its inputs from this folder (eslint.config.js); an `isRequired` given to
// one still wins.
//
// One module per input, imported by its own path (no index re-exporting them): the console's first chunk takes a
// module with everything it imports, so when they were one module, the Hero Section's form (the first screen after
// sign-in), which needs a text input only, brought the choice, number and date inputs and react-admin's list and CSV
// code behind them: 13 KB compressed more before the first screen (docs/performance.md, thirty-seventh pass).
//
// This module: whether the area's declaration requires a field.
import { useResourceContext, useSaveContext, useWrappedSource, type TextInputProps } from 'react-admin';
import { factLabel, factRequired, knowsArea } from '../../areaFacts';

/** What an input for a field its area does not declare is told (useDeclaredRequired). */
export const undeclaredInputMessage = (area: string, field: string) =>
  `The form of '${area}' has an input for '${field}', which the area does not declare: what is typed there is never saved. Take the input out of the form, or declare the field (docs/adding-a-resource.md).`;

const told = new Set<string>();

/**
 * A form is written by hand beside its area's declaration: a field taken out of the declaration kept its input, which
 * showed empty and dropped what was typed while the console said "Changes saved" (an outside probe; TypeScript cannot
 * see it, an input's source being any text). Such an input fails every test that renders it, and a browser logs it.
 */
function checkDeclared(area: string, path: string): void {
  const field = path.split('.')[0] ?? '';
  if (!knowsArea(area) || factLabel(area, field) !== undefined) return;
  const message = undeclaredInputMessage(area, field);
  if (import.meta.env.MODE === 'test') throw new Error(message);
  if (told.has(message)) return;
  told.add(message);
  console.error(message);
}

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
  if (saving) checkDeclared(resource, path);
  return saving && factRequired(resource, path);
}

type TextSlots = TextInputProps['slotProps'];

// react-admin's '*' is hidden from screen readers (aria-hidden): a required text field says so itself, as
// aria-required, so that it is announced with its label before anything is submitted.
export function announcedRequired(slotProps: TextSlots, required: boolean): TextSlots {
  if (!required) return slotProps;
  const htmlInput = slotProps?.htmlInput;
  return { ...slotProps, htmlInput: { ...(typeof htmlInput === 'object' ? htmlInput : {}), 'aria-required': true } };
}
