// The one place react-admin's SimpleForm is imported (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { SimpleForm, type SimpleFormProps } from 'react-admin';
import { EditConflictSave, FormEditConflict } from './EditConflict';
import { FormUnsavedChangesGuard } from './UnsavedChangesGuard';

// react-admin's SimpleForm with the console's unsaved-changes guard (issue #8 item 4). Every form of the console is
// one of these (eslint.config.js refuses SimpleForm from react-admin elsewhere), so none drops an edit silently.
export function GuardedForm({ children, ...props }: Omit<SimpleFormProps, 'warnWhenUnsavedChanges'>) {
  return (
    // A save answered 409 (someone else changed the record) keeps the edits and asks what to do (issue #8 item 2).
    <EditConflictSave>
      <SimpleForm {...props} warnWhenUnsavedChanges={false}>
        <FormUnsavedChangesGuard />
        <FormEditConflict />
        {children}
      </SimpleForm>
    </EditConflictSave>
  );
}
