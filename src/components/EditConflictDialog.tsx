import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useId } from 'react';
import { useGetIdentity } from 'react-admin';
import type { EditConflict } from '../../schema/conflicts';
import { humanizeName } from '../../schema/define';
import { factLabel } from '../areaFacts';
import { formatRelativeTime } from '../notifications/relativeTime';

const SHORT = 120;

/** A stored value as a person reads it in one line: no HTML, a file by its name, long text shortened. */
export function describeValue(value: unknown): string {
  return shorten(plainValue(value), 0);
}

/** Shortened to SHORT characters from `from` (a word's start before it), with … where text was left out. */
function shorten(text: string, from: number): string {
  if (text.length <= SHORT && from === 0) return text;
  const space = from > 0 ? text.lastIndexOf(' ', from) : -1;
  const start = from > 0 ? (space > from - 30 && space >= 0 ? space + 1 : from) : 0;
  const end = start + SHORT - (start > 0 ? 2 : 1);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * Two versions of a field side by side: long texts that begin alike are shown from a little before where they differ,
 * or both read the same first words and the difference is never seen (an outside probe: two additions at the end of
 * a long post).
 */
export function describeDifference(theirs: unknown, mine: unknown): [string, string] {
  const [a, b] = [plainValue(theirs), plainValue(mine)];
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const from = at > SHORT - 30 ? at - 30 : 0;
  return [shorten(a, Math.min(from, a.length)), shorten(b, Math.min(from, b.length))];
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  let text: string;
  if (Array.isArray(value)) text = value.map(describeValue).join(', ');
  else if (typeof value === 'object') {
    const file = value as { title?: unknown; src?: unknown };
    text = typeof file.title === 'string' && file.title ? file.title : typeof file.src === 'string' ? (file.src.split('/').pop() ?? file.src) : JSON.stringify(value);
  } else text = String(value);
  // Rich text: its words, not its tags.
  text = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? '(empty)' : text;
}

/**
 * "Erin Example changed it 2m ago": who and when, as far as the API knows. The person reading it, when it was them
 * (another tab or window, another device): "You changed it 2m ago, in another tab or window."
 */
export function changedBy(conflict: Pick<EditConflict, 'updated_by' | 'updated_at'>, now = Date.now(), own = false): string {
  const who = own ? 'You' : (conflict.updated_by?.name ?? 'Someone else');
  const where = own ? ', in another tab or window' : '';
  const when = conflict.updated_at ? formatRelativeTime(new Date(conflict.updated_at), now) : '';
  if (!when) return `${who} changed it${where}.`;
  const at = when === 'Just now' ? 'just now' : /ago$/.test(when) ? when : `on ${when}`;
  return `${who} changed it ${at}${where}.`;
}

/** Whether the signed-in user saved the version the conflict names. */
function useOwnChange(conflict: EditConflict | null): boolean {
  const { identity } = useGetIdentity();
  const by = conflict?.updated_by?.id;
  return by !== undefined && identity?.id !== undefined && String(identity.id) === String(by);
}

// The field as the area's forms name it (src/areaFacts.ts: no schema built for it, issue #10).
const label = (resource: string, field: string) => factLabel(resource, field) ?? humanizeName(field);

export interface EditConflictDialogProps {
  /** Open while set. */
  conflict: EditConflict | null;
  /** The values this person tried to save. */
  mine: Record<string, unknown>;
  resource: string;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}

// Issue #8: a save answered 409. The edits stay in the form; this says who changed the record, shows what differs
// and lets the person choose. MUI's Dialog traps the focus and closes on Escape (Cancel: keep editing).
export function EditConflictDialog({ conflict, mine, resource, onReload, onOverwrite, onCancel }: EditConflictDialogProps) {
  const titleId = useId();
  const textId = useId();
  const fields = conflict?.conflicts ?? [];
  const own = useOwnChange(conflict);
  const theirs = own ? 'Saved version' : 'Their version';
  return (
    <Dialog open={conflict !== null} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{own ? 'This record was saved elsewhere' : 'Someone else changed this record'}</DialogTitle>
      {conflict && (
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {changedBy(conflict, undefined, own)} Your changes are still in the form and have not been saved.
            {fields.length > 0 && ' Reloading takes the saved version of the fields below and keeps your changes to the others, still to be saved.'}
            {' Overwriting saves your changes and keeps theirs to the fields you did not change.'}
          </DialogContentText>
          {fields.length > 0 && (
            <Table size="small" aria-label="Fields you both changed">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Field
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {theirs}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Yours
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {fields.map((field) => {
                  const [theirValue, myValue] = describeDifference(conflict.current[field], mine[field]);
                  return (
                    <TableRow key={field}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                        {label(resource, field)}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{theirValue}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{myValue}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* The safe choice takes the focus: Enter or Escape keeps editing, nobody's work is overwritten by accident. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button onClick={onReload} variant="outlined">
          {own ? 'Reload the saved version' : 'Reload their version'}
        </Button>
        <Button onClick={onOverwrite} color="warning" variant="contained">
          Overwrite with mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
