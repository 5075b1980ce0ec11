import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, ResourceContextProvider } from 'react-admin';
import { GuardedForm } from './GuardedForm';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18nProvider';
import { TagsInput } from './TagsInput';

function renderTags(tags: string[], suggestions: string[] = []) {
  const onSubmit = vi.fn();
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="blogs">
        <GuardedForm record={{ id: 1, tags }} onSubmit={onSubmit}>
          <TagsInput source="tags" suggestions={suggestions} helperText="One word or two" />
        </GuardedForm>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return onSubmit;
}

const saved = async (onSubmit: ReturnType<typeof vi.fn>) => {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return (onSubmit.mock.lastCall?.[0] as { tags: string[] }).tags;
};

describe('TagsInput', () => {
  it('shows the stored tags as chips and a labelled field', () => {
    renderTags(['renovation', 'commercial']);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    expect(input).toHaveAccessibleDescription('One word or two');
    expect(screen.getByRole('button', { name: 'renovation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'commercial' })).toBeInTheDocument();
  });

  it('turns typed text into tags on Enter and on a comma, trimmed and without duplicates', async () => {
    const onSubmit = renderTags(['Renovation']);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'safety{Enter}');
    await user.type(input, ' green building , renovation,');
    expect(input).toHaveValue('');
    expect(await saved(onSubmit)).toEqual(['Renovation', 'safety', 'green building']);
  });

  it('removes the last tag with Backspace and offers unused suggestions', async () => {
    const onSubmit = renderTags(['a', 'b'], ['b', 'housing']);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(input);
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['housing']);
    await user.keyboard('{Escape}{Backspace}');
    expect(await saved(onSubmit)).toEqual(['a']);
  });
});
