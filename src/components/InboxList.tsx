import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { alpha, Box, Link as MuiLink, Stack, Typography, useMediaQuery, useTheme, type Theme } from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  DataTable,
  DateInput,
  FilterButton,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useDataProvider,
  useListContext,
  useNotify,
  useResourceContext,
  useResourceDefinition,
} from 'react-admin';
import { Link } from 'react-router';
import { SYSTEM_FIELDS, type AreaDeclaration } from '../../schema/define';
import type { CornerstoneDataProvider } from '../dataProvider';
import { listSortOf } from './ContentList';
import { PhoneSortButton } from './PhoneSortButton';
import { freeTextColumnSx } from './contentSx';
import { InboxReceived, InboxUnreadDot } from './InboxFields';
import { InboxStatusChip, inboxStatusChoices, type InboxRecord } from './InboxStatus';
import { UNREAD_COUNTS_KEY } from './InboxUnread';
import { PageHeader } from './PageHeader';
import { ListSearch } from './ListSearch';
import { NamedRowsBody } from './NamedRowsBody';
import { SortedDataTableHead } from './SortedDataTableHead';
import { ListLoadFailed } from './ListLoadFailed';
import { AddedFilterFocus } from './AddedFilterFocus';
import { ListStatus } from './ListStatus';
import { VersionedBulkDeleteWithConfirm } from './VersionedBulkDelete';

// The column that says what a submission is about: a subject, a project type, a job posting (headed by its label).
export interface InboxTopic {
  source: string;
  render?: (record: InboxRecord) => ReactNode;
}

interface InboxListProps {
  declaration: AreaDeclaration;
  topic: InboxTopic;
  description?: string;
  // Filters beyond search, status, read state and received dates (e.g. the job posting).
  filters?: ReactElement[];
  // The name field; every inbox declares full_name.
  nameSource?: string;
}

const READ_CHOICES = [
  { id: 'false', name: 'Unread' },
  { id: 'true', name: 'Read' },
];

function inboxFilters(declaration: AreaDeclaration, extra: ReactElement[]): ReactElement[] {
  return [
    ...((declaration.search ?? []).length > 0
      ? [
          <ListSearch key="q" source="q" alwaysOn placeholder="Search submissions" name="Search submissions" tall />,
        ]
      : []),
    <SelectInput key="status" source="status" choices={inboxStatusChoices} emptyText="Any status" alwaysOn />,
    <SelectInput key="read" source="read" choices={READ_CHOICES} emptyText="Read or unread" />,
    <DateInput key="created_at_gte" source="created_at_gte" label="Received from" />,
    <DateInput key="created_at_lte" source="created_at_lte" label="Received to" />,
    ...extra,
  ];
}

// GET /api/<inbox>/export.csv with the filters on screen: what you see is what you export.
export function InboxExportButton() {
  const resource = useResourceContext() ?? '';
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const exportCsv = async () => {
    setPending(true);
    try {
      await dataProvider.exportCsv(resource, filterValues ?? {});
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button label="Export CSV" onClick={() => void exportCsv()} disabled={pending || total === 0}>
      <FileDownloadOutlinedIcon />
    </Button>
  );
}

function InboxActions({ hasFilters, sortFields }: { hasFilters: boolean; sortFields: readonly string[] }) {
  return (
    <TopToolbar>
      <PhoneSortButton fields={sortFields} />
      {hasFilters && <FilterButton />}
      <InboxExportButton />
    </TopToolbar>
  );
}

function InboxEmpty({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <InboxOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        Nothing in {label} yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        Submissions from the website's form arrive here. You will see an unread count in the menu when new ones come in.
      </Typography>
    </Stack>
  );
}

// Unread rows stand out: tinted, bold, with a dot (InboxUnreadDot) that screen readers hear as 'Unread'.
function useUnreadRowSx() {
  const theme = useTheme();
  const tint = alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.12 : 0.05);
  return (record: InboxRecord) => (record.read ? {} : { backgroundColor: tint, '& .MuiListItemText-primary': { fontWeight: 700 } });
}

// On each cell rather than the row, so the weight wins over the cell's own typography whatever the CSS order.
const unreadCellSx = (record: InboxRecord) => (record.read ? {} : { fontWeight: 700 });

// The name cell links to the submission, so rows are reachable with the keyboard (row clicks are mouse-only).
function NameCell({ record, source }: { record: InboxRecord; source: string }) {
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const name = String(record[source] ?? '—');
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
      <InboxUnreadDot unread={!record.read} />
      <MuiLink
        component={Link}
        to={createPath({ resource, id: record.id, type: 'show' })}
        color="inherit"
        underline="hover"
        onClick={(event) => event.stopPropagation()}
        sx={{ fontWeight: 'inherit' }}
      >
        {name}
      </MuiLink>
    </Stack>
  );
}

// Invalidating the badge whenever rows are deleted keeps the menu's unread count honest.
function InboxBulkActions() {
  const queryClient = useQueryClient();
  return (
    <VersionedBulkDeleteWithConfirm
      mutationOptions={{ onSettled: () => void queryClient.invalidateQueries({ queryKey: UNREAD_COUNTS_KEY }) }}
    />
  );
}

export function InboxList({ declaration, topic, description, filters = [], nameSource = 'full_name' }: InboxListProps) {
  const definition = useResourceDefinition();
  const label = (definition.options as { label?: string } | undefined)?.label ?? declaration.label;
  const unreadRowSx = useUnreadRowSx();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const sortable = new Set<string>([...SYSTEM_FIELDS, 'status', 'read', ...(declaration.sort ?? [])]);
  const allFilters = inboxFilters(declaration, filters);
  const topicCell = (record: InboxRecord) =>
    topic.render ? topic.render(record) : String(record[topic.source] ?? '') || '—';

  return (
    <>
      {/* No create button: submissions come from the website (issue #3). */}
      <PageHeader title={label} description={description} />
      <List
        sort={listSortOf(declaration)}
        perPage={25}
        filters={allFilters}
        actions={
          <InboxActions
            hasFilters={allFilters.some((filter) => !(filter.props as { alwaysOn?: boolean }).alwaysOn)}
            sortFields={['created_at', 'status', 'read', ...(declaration.sort ?? [])]}
          />
        }
        empty={<InboxEmpty label={label} />}
        error={<ListLoadFailed label={label} />}
        title={label}
        sx={{ '& .RaList-main': { mt: 1 } }}
      >
        <ListStatus />
        <AddedFilterFocus />
        {isPhone ? (
          <SimpleList<InboxRecord>
            rowClick="show"
            rowSx={unreadRowSx}
            leftIcon={(record) => <InboxUnreadDot unread={!record.read} />}
            primaryText={(record) => String(record[nameSource] ?? '—')}
            secondaryText={(record) => (
              <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
                <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {topicCell(record)}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  <InboxStatusChip status={record.status} />
                </Box>
              </Stack>
            )}
            tertiaryText={(record) => <InboxReceived value={record.created_at} />}
          />
        ) : (
          <DataTable<InboxRecord> head={SortedDataTableHead} body={NamedRowsBody} rowClick="show" rowSx={unreadRowSx} bulkActionButtons={<InboxBulkActions />}>
            <DataTable.Col<InboxRecord>
              cellSx={unreadCellSx}
              source={nameSource}
              disableSort={!sortable.has(nameSource)}
              render={(record) => <NameCell record={record} source={nameSource} />}
              sx={freeTextColumnSx}
            />
            <DataTable.Col<InboxRecord>
              cellSx={unreadCellSx}
              source="email"
              disableSort={!sortable.has('email')}
              sx={{ display: { xs: 'none', lg: 'table-cell' }, ...freeTextColumnSx }}
            />
            <DataTable.Col<InboxRecord>
              cellSx={unreadCellSx}
              source={topic.source}
              disableSort={!sortable.has(topic.source)}
              render={topicCell}
              sx={freeTextColumnSx}
            />
            <DataTable.Col<InboxRecord>
              cellSx={unreadCellSx}
              source="created_at"
              render={(record) => <InboxReceived value={record.created_at} />}
            />
            <DataTable.Col<InboxRecord>
              cellSx={unreadCellSx}
              source="status"
              render={(record) => <InboxStatusChip status={record.status} />}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
