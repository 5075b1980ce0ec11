// A date, or a date and time, typed in the browser's own picker (<input type="date"> or "datetime-local"). react-admin's
// DateInput and DateTimeInput keep the last value JavaScript could read and drop the rest: a year typed 20271 (the
// input takes five digits), or a date left half typed, left the form holding the date before it, or none, which for a
// publish date means "now". An outside probe saved a post meant for 2027 as published at once, the field still showing
// 20271 (2026-12-07). Here the form holds what the input holds: a whole date as typed (then parsed), nothing when it is
// empty, and otherwise text that no date check passes, so the form's validation (the API's schema) says the date is
// not valid and nothing is saved.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useRef, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext } from 'react-admin';
import { normalizeDate } from '../../schema/dates';
import { SKIPPED_TIME, localMinute, skippedLocalTime, typedLocalTime } from './toInstant';

export type DateKind = 'date' | 'datetime-local';

/** What the form holds for a date the browser's input holds half typed: it is no date, so validation refuses it. */
export const HALF_TYPED_DATE = 'incomplete date';

// A day, or a day and minute, as the browser's input writes and reads them (a four-digit year).
const INPUT_TEXT: Record<DateKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
};

/**
 * Which moment of a calendar day stored where a date and time is asked ('2026-10-28') the input shows: a start
 * (publish date, a banner's start) counts from 00:00 UTC, an end (a banner's end) lasts until 24:00 UTC
 * (schema/schedule.ts nowFor).
 */
export type CalendarDayMoment = 'start' | 'end';

/** A whole calendar day as stored (a real date, no time), or null. */
const storedDay = (value: unknown): string | null =>
  typeof value === 'string' && INPUT_TEXT.date.test(value) && normalizeDate(value) === value ? value : null;

/** A form value as the input shows it: a day (or a day and minute) in the browser's time zone; '' for none. */
export function inputText(value: unknown, kind: DateKind, moment: CalendarDayMoment = 'start'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.startsWith(SKIPPED_TIME)) return typedLocalTime(value);
  if (typeof value === 'string' && INPUT_TEXT[kind].test(value)) return value;
  const day = kind === 'datetime-local' ? storedDay(value) : null;
  // The last minute of an end day, so the input shows when it stops.
  const time = day ? new Date(`${day}T${moment === 'end' ? '23:59' : '00:00'}:00Z`) : value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(time.getTime())) return '';
  const minute = localMinute(time);
  return kind === 'date' ? minute.slice(0, 10) : minute;
}

/**
 * What a date-and-time input says of a calendar day stored without a time ('2026-10-28', which the API takes and
 * counts from 00:00 UTC, or for an end until 24:00 UTC): the input shows that moment in the browser's zone, the day
 * before at 17:00 in Los Angeles, a time the editor never set (an outside probe). Undefined for any other value.
 */
export function calendarDayNote(value: unknown, kind: DateKind, moment: CalendarDayMoment = 'start'): string | undefined {
  const day = kind === 'datetime-local' ? storedDay(value) : null;
  if (!day) return undefined;
  const shown = new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
  return `Saved as the day ${shown}, ${moment === 'end' ? 'until 24:00' : 'from 00:00'} UTC; shown here in your time.`;
}

/** What the form is to hold for the input's text: as typed (a whole date or not), '' when empty, or half typed. */
export function typedValue(input: Pick<HTMLInputElement, 'value' | 'validity'>): string {
  if (input.value !== '') return input.value;
  // An input whose text is not a whole date answers '' too; the browser tells it apart by `badInput`.
  return input.validity.badInput ? HALF_TYPED_DATE : '';
}

export interface BrowserDateInputProps {
  kind: DateKind;
  source: string;
  label?: string | false;
  helperText?: ReactNode;
  /** For a day stored without a time: whether it counts from its start (default) or lasts to its end. */
  calendarDay?: CalendarDayMoment;
  /** The form's value from what the input holds (a date and time: toInstant, UTC). */
  parse?: (value: string) => unknown;
  isRequired?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  margin?: TextFieldProps['margin'];
  variant?: TextFieldProps['variant'];
  className?: string;
}

const NOTHING_SET = Symbol('nothing set');

export function BrowserDateInput({ kind, source, label, helperText, calendarDay = 'start', parse, isRequired, fullWidth, disabled, readOnly, margin, variant, className }: BrowserDateInputProps) {
  const resource = useResourceContext();
  const { field, fieldState, id, isRequired: required } = useInput({
    source,
    isRequired,
    disabled,
    readOnly,
    // The form's value reaches the effect below as it is; the input shows it through inputText.
    format: (value: unknown) => value,
    parse: (value: string) => (value === '' ? null : parse ? parse(value) : value),
    validate: kind === 'datetime-local' ? skippedLocalTime : undefined,
  });
  const input = useRef<HTMLInputElement | null>(null);
  // The form value this input set last: a change of the form's value that is not it came from elsewhere (a reset,
  // a reload after an edit conflict, a restored draft) and is shown; this input's own is already shown as typed.
  const own = useRef<unknown>(NOTHING_SET);

  useEffect(() => {
    if (own.current !== NOTHING_SET && Object.is(own.current, field.value)) return;
    own.current = NOTHING_SET;
    if (input.current) input.current.value = inputText(field.value, kind, calendarDay);
  }, [field.value, kind, calendarDay]);

  const take = (target: HTMLInputElement) => {
    const typed = typedValue(target);
    // The input still showing the form's value (a calendar day shown as its first or last minute, say): nothing was
    // typed, and the stored value stays as it is. Leaving the field rewrote a day as an instant (a review).
    if (typed !== '' && typed === inputText(field.value, kind, calendarDay)) return;
    const value = typed === '' ? null : parse ? parse(typed) : typed;
    if (Object.is(value, field.value) || (value === null && (field.value === '' || field.value === undefined))) return;
    own.current = value;
    field.onChange(typed);
  };

  const dayNote = calendarDayNote(field.value, kind, calendarDay);
  const shownHelp = dayNote ? (
    <>
      {dayNote}
      {helperText ? <> {helperText}</> : null}
    </>
  ) : (
    helperText
  );

  return (
    <TextField
      id={id}
      inputRef={(element: HTMLInputElement | null) => {
        input.current = element;
        field.ref(element);
      }}
      name={field.name}
      type={kind}
      defaultValue={inputText(field.value, kind, calendarDay)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => take(event.currentTarget)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        take(event.currentTarget);
        field.onBlur();
      }}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      size="small"
      variant={variant}
      margin={margin}
      fullWidth={fullWidth}
      error={fieldState.invalid}
      disabled={disabled || readOnly}
      helperText={
        shownHelp === false && !fieldState.invalid ? null : (
          <InputHelperText error={fieldState.error?.message} helperText={shownHelp} />
        )
      }
      label={label === false || label === '' ? null : <FieldTitle label={label} source={source} resource={resource} isRequired={required} />}
      slotProps={{
        inputLabel: { shrink: true },
        // react-admin's '*' is hidden from screen readers: a required date says so itself (declaredInputs/required.ts).
        htmlInput: { readOnly, ...(required && { 'aria-required': true }) },
      }}
    />
  );
}
