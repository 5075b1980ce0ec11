import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ScheduleChip } from './ScheduleChip';
import { StatusChip } from './StatusChip';

const inAdmin = (node: React.ReactNode) => render(<AdminContext store={memoryStore()}>{node}</AdminContext>);

describe('StatusChip', () => {
  it('names every content status in words', () => {
    inAdmin(
      <>
        {['open', 'closed', 'planned', 'ongoing', 'completed'].map((status) => (
          <StatusChip key={status} status={status} />
        ))}
      </>,
    );
    for (const label of ['Open', 'Closed', 'Planned', 'Ongoing', 'Completed']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });

  it('reads the record when no status is given, and shows nothing without one', () => {
    inAdmin(
      <>
        <RecordContextProvider value={{ id: 1, status: 'open' }}>
          <StatusChip />
        </RecordContextProvider>
        <RecordContextProvider value={{ id: 2, status: null }}>
          <span data-testid="empty">
            <StatusChip />
          </span>
        </RecordContextProvider>
      </>,
    );
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByTestId('empty')).toBeEmptyDOMElement();
  });

  it('gives different statuses different colours', () => {
    inAdmin(
      <>
        <StatusChip status="open" />
        <StatusChip status="closed" />
      </>,
    );
    const colour = (text: string) => getComputedStyle(screen.getByText(text).closest('.MuiChip-root') as Element).color;
    expect(colour('Open')).not.toBe(colour('Closed'));
  });
});

describe('ScheduleChip', () => {
  it('says whether a banner is live now, upcoming, expired or inactive', () => {
    inAdmin(
      <>
        {(['live', 'upcoming', 'expired', 'inactive'] as const).map((schedule) => (
          <ScheduleChip key={schedule} schedule={schedule} />
        ))}
        <RecordContextProvider value={{ id: 1, schedule: 'bogus' }}>
          <span data-testid="unknown">
            <ScheduleChip />
          </span>
        </RecordContextProvider>
      </>,
    );
    for (const label of ['Live now', 'Upcoming', 'Expired', 'Inactive']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByTestId('unknown')).toBeEmptyDOMElement();
  });
});
