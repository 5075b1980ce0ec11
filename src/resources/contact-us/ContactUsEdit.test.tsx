import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18nProvider';
import { fakeApi, type ApiCall } from '../../components/sortableListTesting';
import { ContactUsEdit } from './ContactUsEdit';

const record = {
  id: 1,
  addresses: [{ label: 'Head office', address: '12 Quarry Road, Springfield' }],
  phones: [{ label: 'Sales', number: '+1 555 0100' }],
  emails: [],
  opening_hours: [],
  map_link: null,
  facebook: null,
  instagram: null,
  linkedin: null,
  x: null,
  youtube: null,
  updated_at: '2025-03-01T10:00:00.000Z',
};

let calls: ApiCall[] = [];
// The bodies the form saved.
const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

beforeEach(() => {
  localStorage.setItem('access_token', 'tok');
  ({ calls } = fakeApi({ 'contact-us': [structuredClone(record)] }));
});
afterEach(() => vi.unstubAllGlobals());

function renderEdit() {
  render(
    <TestMemoryRouter initialEntries={['/contact-us']}>
      <AdminContext store={memoryStore()} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="contact-us">
          <ContactUsEdit />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

// The record's one phone number ('Sales'), and a second one added and labelled 'Site office'.
async function withSiteOffice() {
  const user = userEvent.setup();
  renderEdit();
  await screen.findByDisplayValue('12 Quarry Road, Springfield');
  const phones = section('Phone numbers');
  await user.click(within(phones).getByRole('button', { name: 'Add phone number' }));
  await user.type(within(phones).getAllByRole('textbox', { name: 'Label' })[1]!, 'Site office');
  return { user, phones };
}

describe('contact information', () => {
  it('shows the validation messages of its declaration on the right fields', async () => {
    const user = userEvent.setup();
    renderEdit();
    expect(await screen.findByDisplayValue('12 Quarry Road, Springfield')).toBeInTheDocument();

    const emails = section('Email addresses');
    await user.click(within(emails).getByRole('button', { name: 'Add email address' }));
    await user.type(within(emails).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Map link' }), 'maps here');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(emails).findByText('Label is required')).toBeInTheDocument();
    expect(within(emails).getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Map link must be a web address (https://…) or a path starting with /')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it("labels each list and its inputs with the declaration's words", async () => {
    renderEdit();
    await screen.findByDisplayValue('12 Quarry Road, Springfield');
    const addresses = section('Addresses');
    expect(within(addresses).getByRole('textbox', { name: 'Label' })).toHaveValue('Head office');
    expect(within(addresses).getByRole('textbox', { name: 'Address' })).toHaveValue('12 Quarry Road, Springfield');
    const phones = section('Phone numbers');
    expect(within(phones).getByRole('textbox', { name: 'Label' })).toHaveValue('Sales');
    expect(within(phones).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+1 555 0100');
  });

  it('saves lists and social links in place at id 1', async () => {
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('12 Quarry Road, Springfield');
    const hours = section('Opening hours');
    await user.click(within(hours).getByRole('button', { name: 'Add opening hours' }));
    await user.type(within(hours).getByRole('textbox', { name: 'Days' }), 'Mon – Fri');
    await user.type(within(hours).getByRole('textbox', { name: 'Hours' }), '8:00 – 17:00');
    await user.type(screen.getByRole('textbox', { name: 'LinkedIn' }), 'https://linkedin.com/company/cornerstone');
    await user.type(screen.getByRole('textbox', { name: 'X (Twitter)' }), 'https://x.com/cornerstone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      opening_hours: [{ days: 'Mon – Fri', hours: '8:00 – 17:00' }],
      linkedin: 'https://linkedin.com/company/cornerstone',
      x: 'https://x.com/cornerstone',
      addresses: record.addresses,
    });
  });

  it("names each row's Remove by its row, and removes that row", async () => {
    const { user, phones } = await withSiteOffice();
    expect(within(phones).getAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove phone number 1',
      'Remove phone number 2',
    ]);
    await user.click(within(phones).getByRole('button', { name: 'Remove phone number 1' }));
    expect(within(phones).getAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value)).toEqual(['Site office']);
  });

  it("names each row's Move up and Move down by its row, as its Remove", async () => {
    const { user, phones } = await withSiteOffice();
    expect(within(phones).getAllByRole('button', { name: /^Move / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move phone number 1 up',
      'Move phone number 1 down',
      'Move phone number 2 up',
      'Move phone number 2 down',
    ]);
    expect(within(phones).getByRole('button', { name: 'Move phone number 1 up' })).toBeDisabled();
    await user.click(within(phones).getByRole('button', { name: 'Move phone number 2 up' }));
    expect(within(phones).getAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value)).toEqual(['Site office', 'Sales']);
  });

  it('keeps the focus on the moved row: its button, or its twin once it is at an end of the list', async () => {
    const { user, phones } = await withSiteOffice();
    const labels = () => within(phones).getAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value);
    // First now, where it cannot go up: its Move down.
    await user.click(within(phones).getByRole('button', { name: 'Move phone number 2 up' }));
    expect(labels()).toEqual(['Site office', 'Sales']);
    expect(within(phones).getByRole('button', { name: 'Move phone number 1 down' })).toHaveFocus();
    // Back down, last again: its Move up.
    await user.keyboard('{Enter}');
    expect(labels()).toEqual(['Sales', 'Site office']);
    expect(within(phones).getByRole('button', { name: 'Move phone number 2 up' })).toHaveFocus();
  });

  it('keeps the focus in the list when a row is removed: the next row, else the one before, else its Add button', async () => {
    const user = userEvent.setup();
    renderEdit();
    await screen.findByDisplayValue('12 Quarry Road, Springfield');
    const phones = section('Phone numbers');
    const labels = () => within(phones).queryAllByRole('textbox', { name: 'Label' }).map((input) => (input as HTMLInputElement).value);
    for (const label of ['Site office', 'Accounts']) {
      await user.click(within(phones).getByRole('button', { name: 'Add phone number' }));
      await user.type(within(phones).getAllByRole('textbox', { name: 'Label' }).at(-1)!, label);
    }
    // The first of three: the row that takes its place, now the first.
    await user.click(within(phones).getByRole('button', { name: 'Remove phone number 1' }));
    expect(labels()).toEqual(['Site office', 'Accounts']);
    expect(within(phones).getByRole('button', { name: 'Remove phone number 1' })).toHaveFocus();
    // The last: the one before it.
    await user.click(within(phones).getByRole('button', { name: 'Remove phone number 2' }));
    expect(labels()).toEqual(['Site office']);
    expect(within(phones).getByRole('button', { name: 'Remove phone number 1' })).toHaveFocus();
    // The only one: the list's Add button.
    await user.keyboard('{Enter}');
    expect(labels()).toEqual([]);
    expect(within(phones).getByRole('button', { name: 'Add phone number' })).toHaveFocus();
  });
});
