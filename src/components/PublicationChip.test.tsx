import { render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blogs } from '../../schema/areas/blogs';
import { projects } from '../../schema/areas/projects';
import { formatPublishTime } from './publication';
import { GoesLive, PublicationChip } from './PublicationChip';

const inAdmin = (node: React.ReactNode) => render(<AdminContext store={memoryStore()}>{node}</AdminContext>);
const chipOf = (text: string) => screen.getByText(text).closest('.MuiChip-root') as HTMLElement;

// Only Date is faked: "now" is 23 Nov 2026, 12:00 UTC.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('PublicationChip', () => {
  it('reads a post as Draft, Scheduled (publish time ahead) or Published, from the fields its website view names', () => {
    inAdmin(
      <>
        <span data-testid="draft">
          <PublicationChip area={blogs} record={{ status: 'draft', published_at: '2026-12-01T09:00:00.000Z' }} />
        </span>
        <span data-testid="scheduled">
          <PublicationChip area={blogs} record={{ status: 'published', published_at: '2026-11-24T09:00:00.000Z' }} />
        </span>
        <span data-testid="published">
          <PublicationChip area={blogs} record={{ status: 'published', published_at: '2026-11-23T11:59:00.000Z' }} />
        </span>
        <span data-testid="at-once">
          <PublicationChip area={blogs} record={{ status: 'published', published_at: null }} />
        </span>
      </>,
    );
    expect(screen.getByTestId('draft')).toHaveTextContent(/^Draft$/);
    expect(screen.getByTestId('scheduled')).toHaveTextContent(/^Scheduled$/);
    expect(screen.getByTestId('published')).toHaveTextContent(/^Published$/);
    expect(screen.getByTestId('at-once')).toHaveTextContent(/^Published$/);
  });

  it('says when a scheduled record goes live: in its tooltip, beside it, or below it in a narrow cell', () => {
    const at = '2026-11-24T09:00:00.000Z';
    const record = { publication: 'published', published_at: at };
    inAdmin(
      <>
        <span data-testid="tooltip">
          <PublicationChip area={projects} record={record} />
        </span>
        <span data-testid="beside">
          <PublicationChip area={projects} record={record} date="beside" />
        </span>
        <span data-testid="below">
          <PublicationChip area={projects} record={record} date="below" />
        </span>
        <span data-testid="line">
          <GoesLive area={projects} record={record} />
          <GoesLive area={projects} record={{ publication: 'draft', published_at: at }} />
        </span>
      </>,
    );
    const goesLive = `Goes live ${formatPublishTime(at)}`;
    expect(screen.getByTestId('tooltip').firstElementChild).toHaveAttribute('title', goesLive);
    expect(screen.getByTestId('beside')).toHaveTextContent(`Scheduled${goesLive}`);
    // Below, "Goes live" is for screen readers only: the time alone fits the column.
    expect(screen.getByTestId('below')).toHaveTextContent(`Scheduled${goesLive}`);
    expect(within(screen.getByTestId('below')).getByText(formatPublishTime(at))).toBeVisible();
    expect(screen.getByTestId('line')).toHaveTextContent(new RegExp(`^${goesLive}$`));
  });

  it('takes a publish date without a time as due from the start of that day, and shows that very day', () => {
    inAdmin(
      <>
        <span data-testid="today">
          <PublicationChip area={projects} record={{ publication: 'published', published_at: '2026-11-23' }} />
        </span>
        <span data-testid="tomorrow">
          <PublicationChip area={projects} record={{ publication: 'published', published_at: '2026-11-24' }} date="beside" />
        </span>
      </>,
    );
    expect(screen.getByTestId('today')).toHaveTextContent(/^Published$/);
    expect(screen.getByTestId('tomorrow')).toHaveTextContent(
      `Goes live ${new Date(Date.UTC(2026, 10, 24)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' })}`,
    );
  });

  it('reads the record context when no record is given', () => {
    inAdmin(
      <RecordContextProvider value={{ id: 1, publication: 'draft', published_at: null }}>
        <PublicationChip area={projects} />
      </RecordContextProvider>,
    );
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('gives each state its own colour', () => {
    inAdmin(
      <>
        <PublicationChip area={blogs} record={{ status: 'draft' }} />
        <PublicationChip area={blogs} record={{ status: 'published', published_at: '2027-01-01T00:00:00.000Z' }} />
        <PublicationChip area={blogs} record={{ status: 'published' }} />
      </>,
    );
    const colours = ['Draft', 'Scheduled', 'Published'].map((text) => getComputedStyle(chipOf(text)).color);
    expect(new Set(colours).size).toBe(3);
  });
});
