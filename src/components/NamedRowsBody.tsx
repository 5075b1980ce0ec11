import { useMemo, type ComponentProps } from 'react';
import {
  DataTableBody,
  DataTableRow,
  I18nContext,
  useGetRecordRepresentation,
  useI18nProvider,
  useRecordContext,
  useResourceContext,
  type I18nProvider,
} from 'react-admin';

const SELECT_ROW = 'ra.action.select_row';

/** What a row's checkbox is called: the record's name, so a screen reader tells 25 checkboxes apart. */
export const selectRowLabel = (name: string) => `Select ${name}`;

// react-admin names every row's checkbox "Select this row" and gives its translation no record. Each row gets a
// translation that names its record for that one message and passes every other message on unchanged.
function NamedRow(props: ComponentProps<typeof DataTableRow>) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const i18n = useI18nProvider();
  const shown = record ? represent(record) : undefined;
  const name = typeof shown === 'string' || typeof shown === 'number' ? String(shown).trim() : '';
  const named = useMemo<I18nProvider>(
    () => (name ? { ...i18n, translate: (key, options) => (key === SELECT_ROW ? selectRowLabel(name) : i18n.translate(key, options)) } : i18n),
    [i18n, name],
  );
  return (
    <I18nContext.Provider value={named}>
      <DataTableRow {...props} />
    </I18nContext.Provider>
  );
}

/** A DataTable `body` whose rows' checkboxes say which record they select. */
export function NamedRowsBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={NamedRow} />;
}
