import { useContext } from 'react';
// The one place react-admin's SimpleForm is imported (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { CreateContext, SaveButton, SimpleForm, Toolbar, useResourceContext, type SimpleFormProps } from 'react-admin';
import { areaByName } from '../../schema/areas';
import { EditConflictSave, FormEditConflict } from './EditConflict';
import { createRecordLabel } from './PageHeader';
import { FormUnsavedChangesGuard } from './UnsavedChangesGuard';

// A new record's form says what its button does, as the content areas' do ('Create testimonial', not 'Save'), and
// like theirs can be pressed before anything is typed: the answer is the list of what is missing, marked on the form.
function CreateToolbar() {
  const resource = useResourceContext() ?? '';
  return (
    <Toolbar>
      <SaveButton alwaysEnable label={createRecordLabel(areaByName(resource))} />
    </Toolbar>
  );
}

// react-admin's SimpleForm with the console's unsaved-changes guard (issue #8 item 4). Every form of the console is
// one of these (eslint.config.js refuses SimpleForm from react-admin elsewhere), so none drops an edit silently.
export function GuardedForm({ children, toolbar, ...props }: Omit<SimpleFormProps, 'warnWhenUnsavedChanges'>) {
  const creating = useContext(CreateContext) != null;
  return (
    // A save answered 409 (someone else changed the record) keeps the edits and asks what to do (issue #8 item 2).
    <EditConflictSave>
      <SimpleForm {...props} toolbar={toolbar ?? (creating ? <CreateToolbar /> : undefined)} warnWhenUnsavedChanges={false}>
        <FormUnsavedChangesGuard />
        <FormEditConflict />
        {children}
      </SimpleForm>
    </EditConflictSave>
  );
}
