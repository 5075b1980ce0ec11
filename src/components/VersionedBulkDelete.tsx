// A list's bulk delete that names, for each selected row the page shows, the version the row was read at: a record
// someone saved since is not deleted with their changes unseen (a probe found the single delete checked this and the
// bulk one did not). src/dataProvider.ts deleteMany sends each as If-Match; a row of another page goes without one.
import { BulkDeleteButton, BulkDeleteWithConfirmButton, useListContext, type BulkDeleteButtonProps, type RaRecord } from 'react-admin';
import { VERSION_FIELD } from '../../schema/conflicts';

/** The versions of the selected rows the list holds, by id: what deleteMany's meta carries. */
export function useSelectedVersions(): Record<string, number> {
  const { data, selectedIds } = useListContext();
  const selected = new Set(selectedIds.map(String));
  return Object.fromEntries(
    ((data as RaRecord[] | undefined) ?? [])
      .filter((record) => selected.has(String(record.id)) && typeof record[VERSION_FIELD] === 'number')
      .map((record) => [String(record.id), record[VERSION_FIELD] as number]),
  );
}

/** react-admin's bulk delete (undoable), with the versions. */
export function VersionedBulkDelete(props: BulkDeleteButtonProps) {
  const versions = useSelectedVersions();
  return <BulkDeleteButton {...props} mutationOptions={{ ...props.mutationOptions, meta: { ...props.mutationOptions?.meta, versions } }} />;
}

/** The same, asking first (an inbox's submissions: no Undo). */
export function VersionedBulkDeleteWithConfirm(props: Parameters<typeof BulkDeleteWithConfirmButton>[0]) {
  const versions = useSelectedVersions();
  return <BulkDeleteWithConfirmButton {...props} mutationOptions={{ ...props.mutationOptions, meta: { ...props.mutationOptions?.meta, versions } }} />;
}
