import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import { Box, Stack, Typography } from '@mui/material';
import { DataTable, SelectInput, SimpleList, TextInput } from 'react-admin';
import { careers, type JobPosting } from '../../../schema/areas/careers';
import { humanizeName, SYSTEM_FIELDS } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentList, ListEmpty, TitleLink } from '../../components/ContentList';
import { freeTextColumnSx } from '../../components/contentSx';
import { ListSearch } from '../../components/ListSearch';
import { GoesLive, PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ApplicationsLink } from './ApplicationsLink';
import { formatDay, isPastClosing } from './jobDates';
import { NamedRowsBody } from '../../components/NamedRowsBody';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { VersionedBulkDelete } from '../../components/VersionedBulkDelete';

type JobPostingRecord = JobPosting & { id: number; applications_count?: number };

const statusChoices = choicesOf(careers, 'status');
const employmentChoices = choicesOf(careers, 'employment_type');
const publicationChoices = choicesOf(careers, 'publication');
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(careers.sort ?? [])]);
// With the Publication column, the table no longer fits beside the sidebar at 1280px (measured): the location column
// waits for a wider screen; the phone list and the form still show it.
const wideScreenCellSx = { display: 'none', '@media (min-width: 1400px)': { display: 'table-cell' } } as const;

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search title, department, location…" name="Search job postings" />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Open or closed" helperText={false} alwaysOn />,
  <SelectInput key="employment_type" source="employment_type" choices={employmentChoices} emptyText="Any type" helperText={false} />,
  <TextInput key="department" source="department" helperText={false} />,
  <SelectInput key="publication" source="publication" choices={publicationChoices} emptyText="Draft or published" helperText={false} />,
];

const empty = (
  <ListEmpty
    icon={WorkOutlineIcon}
    title="No job postings yet"
    text="Publish an opening and candidates can apply from the careers page; their applications arrive in Forms."
  />
);

function ClosingDate({ record }: { record: JobPostingRecord }) {
  if (!record.closing_date) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Until filled
      </Typography>
    );
  }
  const passed = record.status === 'open' && isPastClosing(record.closing_date);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatDay(record.closing_date)}
      {passed && (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'error.main', fontWeight: 500 }}>
          Date passed, still open
        </Typography>
      )}
    </Box>
  );
}

export function JobPostingList() {
  return (
    <ContentList
      area={careers}
      description="Openings on the careers page, with the applications each one has received."
      filters={filters}
      empty={empty}
      phone={
        <SimpleList<JobPostingRecord>
          rowClick="edit"
          primaryText={(record) => record.title}
          secondaryText={(record) => (
            <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ display: 'block' }}>
                {[record.department, record.location, humanizeName(record.employment_type)].filter(Boolean).join(' · ')}
              </Box>
              <Stack component="span" direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.75 }}>
                <StatusChip status={record.status} />
                <PublicationChip area={careers} record={record} />
                <ApplicationsLink record={record} />
              </Stack>
              <GoesLive area={careers} record={record} />
            </Stack>
          )}
        />
      }
      table={
        <DataTable<JobPostingRecord> head={SortedDataTableHead} body={NamedRowsBody} rowClick="edit" bulkActionButtons={<VersionedBulkDelete />}>
          <DataTable.Col<JobPostingRecord>
            source="title"
            render={(record) => (
              <TitleLink resource="careers" id={record.id}>
                {record.title}
              </TitleLink>
            )}
            sx={{ minWidth: 200 }}
          />
          <DataTable.Col<JobPostingRecord> source="department" disableSort={!sortable.has('department')} sx={freeTextColumnSx} />
          <DataTable.Col<JobPostingRecord>
            source="location"
            disableSort={!sortable.has('location')}
            sx={{ ...freeTextColumnSx, ...wideScreenCellSx }}
          />
          <DataTable.Col<JobPostingRecord>
            source="employment_type"
            disableSort={!sortable.has('employment_type')}
            render={(record) => humanizeName(record.employment_type)}
            sx={{ display: { xs: 'none', md: 'table-cell' } }}
          />
          <DataTable.Col<JobPostingRecord> source="closing_date" render={(record) => <ClosingDate record={record} />} />
          <DataTable.Col<JobPostingRecord> source="status" render={(record) => <StatusChip status={record.status} />} />
          <DataTable.Col<JobPostingRecord>
            source="publication"
            disableSort={!sortable.has('publication')}
            render={(record) => <PublicationChip area={careers} record={record} date="below" />}
          />
          <DataTable.Col<JobPostingRecord>
            source="applications_count"
            disableSort
            render={(record) => <ApplicationsLink record={record} />}
          />
        </DataTable>
      }
    />
  );
}
