import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortableList } from './SortableList';
import { AreaWrapper, fakeApi } from './sortableListTesting';

const rows = (): RaRecord[] => [
  { id: 1, title: 'Design & Build', description: 'One team', active: true, position: 1 },
  { id: 2, title: 'Safety First', description: 'ISO 45001', active: true, position: 2 },
  { id: 3, title: 'On Time', description: 'Weekly reports', active: false, position: 3 },
];

const title = (record: RaRecord) => String(record.title);

function renderList() {
  render(
    <AreaWrapper resource="features">
      <SortableList primary={title} titleOf={title} secondary={(record) => String(record.description)} />
    </AreaWrapper>,
  );
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: /in the order the website shows them/ }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('button', { name: /^Drag to reorder/ }).getAttribute('aria-label')?.replace('Drag to reorder ', ''));

afterEach(() => vi.unstubAllGlobals());

describe('SortableList', () => {
  it('shows every record in position order, each with a labelled drag handle', async () => {
    fakeApi({ features: rows() });
    renderList();
    await screen.findByText('Safety First');
    expect(shownOrder()).toEqual(['Design & Build', 'Safety First', 'On Time']);
    expect(screen.getByRole('button', { name: 'Move Design & Build up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move On Time down' })).toBeDisabled();
  });

  it('moves a row with the keyboard buttons and saves the new order with PUT /api/<name>/order', async () => {
    const api = fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Safety First');

    const moveUp = screen.getByRole('button', { name: 'Move Safety First up' });
    moveUp.focus();
    await user.keyboard('{Enter}');

    expect(shownOrder()).toEqual(['Safety First', 'Design & Build', 'On Time']);
    await waitFor(() => expect(api.calls.find((call) => call.path === '/api/features/order')).toBeDefined());
    const order = api.calls.filter((call) => call.path === '/api/features/order');
    expect(order).toEqual([{ method: 'PUT', path: '/api/features/order', body: { ids: [2, 1, 3] } }]);
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    // Screen readers hear the move, and the keyboard stays on the moved row (now first, so on its Move down).
    expect(screen.getByText('Safety First moved to position 1 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Safety First down' })).toHaveFocus());
    expect(shownOrder()).toEqual(['Safety First', 'Design & Build', 'On Time']);
  });

  it('moves a row down', async () => {
    const api = fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Move Design & Build down' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/features/order')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/features/order')?.body).toEqual({ ids: [2, 1, 3] });
  });

  it('puts the old order back and says so when the server refuses', async () => {
    fakeApi({ features: rows() }, { failOrder: 500 });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Move On Time up' }));
    expect(await screen.findByText(/The new order could not be saved/)).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['Design & Build', 'Safety First', 'On Time']));
  });

  it('reads the list again when it changed elsewhere (400), and says so in words a person uses', async () => {
    const table = rows();
    const api = fakeApi({ features: table }, { failOrder: 400 });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('On Time');
    // Someone adds a feature in another tab.
    table.push({ id: 4, title: 'Local Crews', description: 'Hired nearby', active: true, position: 4 });
    const reads = () => api.calls.filter((call) => call.method === 'GET' && call.path === '/api/features').length;
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Move On Time up' }));
    expect(await screen.findByText('Someone added or removed an entry since this list was loaded. The list has been refreshed: move it again.')).toBeInTheDocument();
    await waitFor(() => expect(shownOrder()).toEqual(['Design & Build', 'Safety First', 'On Time', 'Local Crews']));
    expect(reads()).toBeGreaterThan(before);
  });

  it('switches a record off the website in place', async () => {
    const api = fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    const toggle = await screen.findByRole('switch', { name: 'Show Safety First on the website' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT' && call.path === '/api/features/2')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/features/2')?.body).toMatchObject({ active: false });
    expect(screen.getByRole('switch', { name: 'Show On Time on the website' })).not.toBeChecked();
  });

  it('searches with q and does not offer reordering a partial list', async () => {
    const api = fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Safety First');
    await user.type(screen.getByRole('textbox', { name: 'Search features' }), 'safety');
    await waitFor(() => expect(screen.queryByText('Design & Build')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'GET' && decodeURIComponent(call.path).startsWith('/api/features'))).toBe(true);
    expect(screen.getByText('Clear the search to change the order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag to reorder Safety First' })).toBeDisabled();
  });

  it('deletes with undo and offers the edit and create links', async () => {
    fakeApi({ features: rows() });
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Safety First');
    expect(screen.getByRole('link', { name: 'Edit Safety First' })).toHaveAttribute('href', '/features/2');
    expect(screen.getByRole('link', { name: 'New feature' })).toHaveAttribute('href', '/features/create');
    await user.click(screen.getByRole('button', { name: 'Delete Safety First' }));
    await waitFor(() => expect(screen.queryByText('Safety First')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /Undo/i })).toBeInTheDocument();
  });
});
