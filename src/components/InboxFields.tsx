import { Box, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useResourceContext, useTranslateLabel } from 'react-admin';

const MINUTE_S = 60;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', MINUTE_S],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absoluteFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

// '3 hours ago', 'yesterday', '2 weeks ago': how old a submission is, at a glance.
export function receivedAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < MINUTE_S) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

export function receivedAt(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? '' : absoluteFormat.format(then);
}

// When a submission arrived: relative first, the exact time beside it (and in the tooltip).
export function InboxReceived({ value, inline = false }: { value: unknown; inline?: boolean }) {
  if (typeof value !== 'string' || receivedAt(value) === '') return <span>—</span>;
  const exact = receivedAt(value);
  const ago = receivedAgo(value);
  // 'Received just now' in a sentence; 'Yesterday' on its own line.
  const shown = inline ? ago : ago.charAt(0).toUpperCase() + ago.slice(1);
  return (
    <Tooltip title={exact}>
      <Box component="time" dateTime={value} sx={{ display: inline ? 'inline' : 'block', whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ display: inline ? 'inline' : 'block' }}>
          {shown}
        </Box>
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: inline ? 'inline' : 'block', fontWeight: 400, ml: inline ? 0.75 : 0 }}
        >
          {inline ? `· ${exact}` : exact}
        </Typography>
      </Box>
    </Tooltip>
  );
}

// The unread marker of a list row: seen as a dot, heard as 'Unread'.
export function InboxUnreadDot({ unread }: { unread: boolean }) {
  return unread ? (
    <Box
      component="span"
      role="img"
      aria-label="Unread"
      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
    />
  ) : (
    <Box component="span" sx={{ display: 'inline-block', width: 10, height: 10, flexShrink: 0 }} />
  );
}

type FieldKind = 'text' | 'email' | 'tel' | 'multiline';

interface InboxFieldProps {
  // The field's label (from the declaration, through i18n) when left out.
  label?: string;
  source: string;
  kind?: FieldKind;
  // Shown instead of the raw value (e.g. a reference to a job posting, a choice's label).
  children?: ReactNode;
  format?: (value: unknown) => string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

// One submitted field, read-only: a term and its value, emails and phones as links.
export function InboxField({ label, source, kind = 'text', children, format }: InboxFieldProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const value = record?.[source];
  let content: ReactNode = children;
  if (content === undefined) {
    if (isEmpty(value)) {
      content = (
        <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          Not provided
        </Typography>
      );
    } else {
      const text = format ? format(value) : String(value);
      content =
        kind === 'email' ? (
          <Link href={`mailto:${text}`}>{text}</Link>
        ) : kind === 'tel' ? (
          <Link href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</Link>
        ) : kind === 'multiline' ? (
          <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}>
            {text}
          </Box>
        ) : (
          text
        );
    }
  }
  return (
    <Box sx={{ gridColumn: kind === 'multiline' ? '1 / -1' : undefined, minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {label ?? translateLabel({ source, resource })}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.25, overflowWrap: 'anywhere' }}>
        {content}
      </Typography>
    </Box>
  );
}

// The submitted fields, two columns where there is room.
export function InboxFieldList({ children }: { children: ReactNode }) {
  return (
    <Stack
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 2.5,
      }}
    >
      {children}
    </Stack>
  );
}
