import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { counters } from '../../../schema/areas/counters';
import { fieldMax } from '../../../schema/define';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { CounterCreate } from './CounterCreate';
import { counterFigure } from './counterFigure';
import { views } from '.';

function renderCreate() {
  render(
    <AreaWrapper resource="counters" labels={views.labels} path="/counters/create">
      <CounterCreate />
    </AreaWrapper>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('counters form', () => {
  it("shows the declaration's messages under the right fields", async () => {
    const api = fakeApi({ counters: [] });
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByRole('spinbutton', { name: 'Value' }), '-5');
    await user.click(screen.getByRole('button', { name: 'Create counter' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription('Label is required'));
    expect(screen.getByRole('spinbutton', { name: 'Value' })).toHaveAccessibleDescription('Value must be at least 0');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("says the label's declared limit, and starts shown on the website", () => {
    fakeApi({ counters: [] });
    renderCreate();
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription(
      `What is counted, e.g. ‘Projects completed’. Up to ${fieldMax(counters, 'label')} characters.`,
    );
    expect(screen.getByRole('switch', { name: 'Shown on the website' })).toBeChecked();
  });

  it('previews the figure as value + suffix', async () => {
    fakeApi({ counters: [] });
    const user = userEvent.setup();
    renderCreate();
    await user.type(screen.getByRole('spinbutton', { name: 'Value' }), '1200000');
    await user.type(screen.getByRole('textbox', { name: 'Suffix' }), '+');
    expect(screen.getByTestId('counter-figure')).toHaveTextContent('1,200,000+');
  });

  it('formats figures like the website', () => {
    expect(counterFigure(250, '+')).toBe('250+');
    expect(counterFigure(98, '%')).toBe('98%');
    expect(counterFigure(null, null)).toBe('0');
  });
});
