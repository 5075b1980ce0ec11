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

/** The bulk delete's mutation options, with the selected rows' versions in its meta. */
function useVersionedOptions<T extends { meta?: Record<string, unknown> }>(options: T | undefined): T & { meta: Record<string, unknown> } {
  const versions = useSelectedVersions();
  return { ...(options as T), meta: { ...options?.meta, versions } };
}

/** react-admin's bulk delete (undoable), with the versions. */
export function VersionedBulkDelete(props: BulkDeleteButtonProps) {
  return <BulkDeleteButton {...props} mutationOptions={useVersionedOptions(props.mutationOptions)} />;
}

/** The same, asking first (an inbox's submissions: no Undo). */
export function VersionedBulkDeleteWithConfirm(props: Parameters<typeof BulkDeleteWithConfirmButton>[0]) {
  return <BulkDeleteWithConfirmButton {...props} mutationOptions={useVersionedOptions(props.mutationOptions)} />;
}
