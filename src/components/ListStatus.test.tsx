import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, List, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch } from './ListSearch';
import { ListStatus } from './ListStatus';
import { AreaWrapper, fakeApi } from './sortableListTesting';

const rows = (): RaRecord[] =>
  ['Design & Build', 'Safety First', 'On Time', 'Fixed Price', 'Local Crews'].map((title, index) => ({
    id: index + 1,
    title,
    position: index + 1,
  }));

// A list as the console's lists are made: the page's heading in #main-content, search, table, pager, and the status.
function renderList() {
  render(
    <AreaWrapper resource="features" labels={{ name: 'Feature |||| Features' }}>
      <div id="main-content">
        <h1>Features</h1>
        <List perPage={2} sort={{ field: 'position', order: 'ASC' }} filters={[<ListSearch key="q" source="q" alwaysOn name="Search features" />]}>
          <ListStatus />
          <DataTable>
            <DataTable.Col source="title" />
          </DataTable>
        </List>
      </div>
    </AreaWrapper>,
  );
}

const status = () => within(document.querySelector('#main-content')!).getByRole('status');

afterEach(() => vi.unstubAllGlobals());

describe('ListStatus', () => {
  it('says nothing of the page as it opens, then says what a search found, or that it found nothing', async () => {
    fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Design & Build');
    expect(status()).toHaveTextContent(/^$/);

    await user.type(screen.getByRole('textbox', { name: 'Search features' }), 'safety');
    await waitFor(() => expect(status()).toHaveTextContent('Features: 1-1 of 1.'));
    expect(screen.getByText('Safety First')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search features' }), 'zzz');
    // In the words of the empty table (the console's i18n puts the name in lower case: src/i18nProvider.ts).
    await waitFor(() => expect(status()).toHaveTextContent(/^No features found using the current filters\.$/i));
    // The keyboard stayed where the user types.
    expect(screen.getByRole('textbox', { name: 'Search features' })).toHaveFocus();
  });

  it('says which rows a page chosen in the pager shows, and takes the keyboard to the page heading', async () => {
    fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Design & Build');

    screen.getByRole('button', { name: 'Go to next page' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('On Time');
    await waitFor(() => expect(status()).toHaveTextContent('Features: 3-4 of 5.'));
    expect(screen.getByRole('heading', { level: 1, name: 'Features' })).toHaveFocus();
    expect(screen.queryByText('Design & Build')).toBeNull();
  });

  it('says how many rows are selected, and when none are left', async () => {
    fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Design & Build');
    const boxes = screen.getAllByRole('checkbox').filter((box) => box.closest('tbody'));

    await user.click(boxes[0]!);
    await waitFor(() => expect(status()).toHaveTextContent('1 item selected'));
    await user.click(boxes[1]!);
    await waitFor(() => expect(status()).toHaveTextContent('2 items selected'));
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await waitFor(() => expect(status()).toHaveTextContent('No items selected.'));
  });

  it('clears the selection on another page or search, so a bulk action never reaches rows not on screen', async () => {
    fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Design & Build');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await waitFor(() => expect(status()).toHaveTextContent('2 items selected'));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('On Time');
    await waitFor(() => expect(status()).toHaveTextContent('Features: 3-4 of 5.'));
    // The bulk-actions bar folds away, '0 items selected' as it goes.
    await waitFor(() => expect(screen.queryByText(/^[1-9]\d* items? selected$/)).toBeNull());
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);

    // A row selected on this page stays selected while the page stays; a search clears it.
    const boxes = screen.getAllByRole('checkbox').filter((box) => box.closest('tbody'));
    await user.click(boxes[0]!);
    await waitFor(() => expect(status()).toHaveTextContent('1 item selected'));
    await user.type(screen.getByRole('textbox', { name: 'Search features' }), 'o');
    await waitFor(() => expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]));
  });
});

