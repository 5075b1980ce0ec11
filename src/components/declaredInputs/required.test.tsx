import { screen, waitFor } from '@testing-library/react';
import { Create } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderCreateView, stubCreateApi } from '../../../tests/helpers/createForm';
import { GuardedForm } from '../GuardedForm';
import { NumberInput } from './NumberInput';
import { TextInput } from './TextInput';
import { undeclaredInputMessage } from './required';

stubCreateApi(7);

// A field taken out of the projects' declaration kept its input in the form: it showed empty, and what was typed in
// it was dropped while the console said "Changes saved" (an outside probe of changing an area).
describe("a form's inputs and its area's declaration", () => {
  const form = (extra?: React.ReactNode) => (
    <Create>
      <GuardedForm>
        <TextInput source="title" />
        {extra}
      </GuardedForm>
    </Create>
  );

  it('renders inputs of declared fields', async () => {
    renderCreateView('projects', form());
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
  });

  it('fails a render with an input for a field the area does not declare, naming it and the fix', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderCreateView('projects', form(<NumberInput source="area_sqm_gone" />));
      // The render fails (the router's error boundary takes the screen), and says why.
      const said = () => logged.mock.calls.flat().map((part) => (part instanceof Error ? part.message : String(part))).join('\n');
      await waitFor(() => expect(said()).toContain(undeclaredInputMessage('projects', 'area_sqm_gone')));
      expect(screen.queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
    expect(undeclaredInputMessage('projects', 'area_sqm_gone')).toBe(
      "The form of 'projects' has an input for 'area_sqm_gone', which the area does not declare: what is typed there is never saved. Take the input out of the form, or declare the field (docs/adding-a-resource.md).",
    );
  });
});
