import { Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useGetManyAggregate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_LOG_LABEL, type AuditAction } from '../../../schema/audit-log';
import { areaByName, areas } from '../../../schema/areas';
import { InboxExportButton } from '../../components/InboxList';
import { PageHeader } from '../../components/PageHeader';
import { freeTextColumnSx } from '../../components/contentSx';
import { formatRelativeTime } from '../../notifications/relativeTime';
import { ListSearch } from '../../components/ListSearch';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { ListLoadFailed } from '../../components/ListLoadFailed';
import { ListStatus } from '../../components/ListStatus';

// As GET /api/audit-log answers it (server/routes/audit-log.ts).
export interface AuditEntry extends RaRecord {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  action: AuditAction;
  area: string | null;
  record_id: number | null;
  record_label: string | null;
  fields: string[] | null;
  ip: string | null;
  email: string | null;
}

const actionChoices = AUDIT_ACTIONS.map((id) => ({ id, name: AUDIT_ACTION_LABELS[id] }));
const areaChoices = areas.map((area) => ({ id: area.name, name: area.label }));

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search records or emails" name="Search the audit log" tall />,
  <SelectInput key="action" source="action" label="Action" choices={actionChoices} emptyText="Any action" alwaysOn />,
  <ReferenceInput key="user_id" source="user_id" reference="users-management" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput label="User" optionText="name" emptyText="Anyone" />
  </ReferenceInput>,
  <SelectInput key="area" source="area" label="Area" choices={areaChoices} emptyText="Any area" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

function When({ entry }: { entry: AuditEntry }) {
  const absolute = new Date(entry.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Stack>
      <Typography component="span" variant="body2">
        {formatRelativeTime(new Date(entry.at))}
      </Typography>
      <Typography component="time" dateTime={entry.at} variant="caption" color="text.secondary">
        {absolute}
      </Typography>
    </Stack>
  );
}

/**
 * An email tried at sign-in as it was typed: invisible and text-direction characters written out ('\u202e'), so that
 * an entry made before the API refused them cannot pass for another address ('\u202emoc.elpmaxe@nimda' read as
 * 'admin@example.com': an outside probe).
 */
const triedEmail = (email: string | null | undefined): string =>
  email ? email.replace(/[\p{Cf}\p{Cc}]/gu, (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`) : '—';

function Who({ entry }: { entry: AuditEntry }) {
  if (entry.user_name) return <>{entry.user_name}</>;
  // A failed sign-in for an account that does not exist: only the email tried.
  return (
    <Typography component="bdi" variant="body2" color="text.secondary">
      {triedEmail(entry.email)}
    </Typography>
  );
}

/** Where a record is edited (or read, for a submission); the Hero Section is the dashboard's own page (SPEC §2). */
function useRecordPath(area: string, id: number): string {
  const createPath = useCreatePath();
  const kind = areaByName(area)?.kind;
  if (area === 'hero') return '/';
  if (kind === 'singleton') return createPath({ resource: area, type: 'list' });
  return createPath({ resource: area, id, type: kind === 'inbox' ? 'show' : 'edit' });
}

// Linked only while the record exists: react-admin batches these lookups into one request per area.
function RecordLink({ area, id, label }: { area: string; id: number; label: string }) {
  const { data } = useGetManyAggregate(area, { ids: [id] }, { retry: false });
  const path = useRecordPath(area, id);
  if (!data?.some((record) => String(record.id) === String(id))) return <>{label}</>;
  return (
    <MuiLink component={Link} to={path} underline="hover" onClick={(event) => event.stopPropagation()}>
      {label}
    </MuiLink>
  );
}

/** The record's label when it was written; a singleton, or a record without a label field, by area or id. */
function recordText(entry: AuditEntry, areaLabel: string): string {
  return entry.record_label ?? (entry.record_id === null ? areaLabel : `#${entry.record_id}`);
}

const areaLabelOf = (area: string) => areaByName(area)?.label ?? area;

const whatText = (entry: AuditEntry) => (entry.area ? `${areaLabelOf(entry.area)}: ${recordText(entry, areaLabelOf(entry.area))}` : '—');

function What({ entry }: { entry: AuditEntry }) {
  if (!entry.area) return <>—</>;
  const areaLabel = areaLabelOf(entry.area);
  const label = recordText(entry, areaLabel);
  return (
    <Stack>
      <Typography component="span" variant="caption" color="text.secondary">
        {areaLabel}
      </Typography>
      <Typography component="span" variant="body2">
        {entry.record_id === null ? label : <RecordLink area={entry.area} id={entry.record_id} label={label} />}
      </Typography>
    </Stack>
  );
}

function Fields({ entry }: { entry: AuditEntry }) {
  if (!entry.fields || entry.fields.length === 0) return <>—</>;
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {entry.fields.join(', ')}
    </Typography>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <InboxExportButton />
    </TopToolbar>
  );
}

export function AuditLogList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <PageHeader
        title={AUDIT_LOG_LABEL}
        description="Sign-ins, sign-outs, password changes and every change to content and users: who, what, when and from where. Passwords are never recorded."
      />
      <List<AuditEntry>
        resource="audit-log"
        filters={filters}
        actions={<Actions />}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        title={AUDIT_LOG_LABEL}
        error={<ListLoadFailed label={AUDIT_LOG_LABEL} />}
      >
        <ListStatus />
        {isPhone ? (
          <SimpleList<AuditEntry>
            rowClick={false}
            primaryText={(entry) => (
              <>
                {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
                {entry.area && ` · ${whatText(entry)}`}
              </>
            )}
            secondaryText={(entry) => `${entry.user_name ?? triedEmail(entry.email)} · ${entry.ip ?? '—'}`}
            tertiaryText={(entry) => formatRelativeTime(new Date(entry.at))}
          />
        ) : (
          <DataTable<AuditEntry> head={SortedDataTableHead} rowClick={false} bulkActionButtons={false}>
            <DataTable.Col<AuditEntry> source="at" label="When" render={(entry) => <When entry={entry} />} />
            <DataTable.Col<AuditEntry> source="user_name" label="Who" render={(entry) => <Who entry={entry} />} sx={freeTextColumnSx} />
            <DataTable.Col<AuditEntry> source="action" label="Action" render={(entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action} />
            <DataTable.Col<AuditEntry> source="area" label="What" render={(entry) => <What entry={entry} />} sx={freeTextColumnSx} />
            <DataTable.Col<AuditEntry> label="Fields" disableSort render={(entry) => <Fields entry={entry} />} />
            <DataTable.Col<AuditEntry> label="Address" disableSort render={(entry) => entry.ip ?? '—'} />
          </DataTable>
        )}
      </List>
    </>
  );
}
