import { Box, Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  SelectInput,
  SimpleList,
  useCreatePath,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import { ListSearch } from '../../components/ListSearch';
import { seo } from '../../../schema/areas/seo';
import { listSortOf } from '../../components/ContentList';
import { freeTextColumnSx } from '../../components/contentSx';
import { NewRecordButton, PageHeader } from '../../components/PageHeader';
import { ToneChip } from '../../components/StatusChip';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { ListLoadFailed } from '../../components/ListLoadFailed';
import { ListStatus } from '../../components/ListStatus';

interface SeoRecord extends RaRecord {
  path?: string;
  meta_title?: string;
  meta_description?: string | null;
  noindex?: boolean;
  updated_at?: string;
}

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search path or title" name="Search SEO entries" tall />,
  <SelectInput
    key="noindex"
    source="noindex"
    label="Indexing"
    alwaysOn
    emptyText="Indexed or hidden"
    choices={[
      { id: 'false', name: 'Indexed' },
      { id: 'true', name: 'Hidden (noindex)' },
    ]}
  />,
];

const IndexChip = ({ record }: { record: SeoRecord }) =>
  record.noindex ? <ToneChip tone="warning" label="noindex" /> : <ToneChip tone="success" label="Indexed" />;

const Path = ({ value }: { value?: string }) => (
  <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.85rem', fontWeight: 600 }}>
    {value}
  </Box>
);

// The path links to the entry, so rows are reachable with the keyboard (row clicks are mouse-only).
function PathLink({ record }: { record: SeoRecord }) {
  const createPath = useCreatePath();
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: 'seo', id: record.id, type: 'edit' })}
      color="inherit"
      underline="hover"
      onClick={(event) => event.stopPropagation()}
    >
      <Path value={record.path} />
    </MuiLink>
  );
}

function TitleCell({ record }: { record: SeoRecord }) {
  return (
    <Stack sx={{ minWidth: 0, maxWidth: 520 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {record.meta_title}
      </Typography>
      {record.meta_description && (
        <Typography component="span" variant="body2" color="text.secondary" noWrap>
          {record.meta_description}
        </Typography>
      )}
    </Stack>
  );
}

export function SeoList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <PageHeader
        title={seo.label}
        description="How each page of the website appears in search results and when shared."
        actions={<NewRecordButton />}
      />
      <List filters={filters} actions={false} error={<ListLoadFailed label={seo.label} />} sort={listSortOf(seo)} perPage={25} title={seo.label}>
        <ListStatus />
        {isPhone ? (
          <SimpleList<SeoRecord>
            rowClick="edit"
            primaryText={(record) => <Path value={record.path} />}
            secondaryText={(record) => record.meta_title}
            tertiaryText={(record) => <IndexChip record={record} />}
          />
        ) : (
          <DataTable<SeoRecord> head={SortedDataTableHead} rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col<SeoRecord> source="path" render={(record) => <PathLink record={record} />} sx={freeTextColumnSx} />
            <DataTable.Col<SeoRecord> source="meta_title" render={(record) => <TitleCell record={record} />} sx={freeTextColumnSx} />
            <DataTable.Col<SeoRecord> source="noindex" label="Indexing" disableSort render={(record) => <IndexChip record={record} />} />
            <DataTable.Col<SeoRecord>
              source="updated_at"
              render={() => <DateField source="updated_at" locales="en-US" options={{ dateStyle: 'medium' }} />}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
