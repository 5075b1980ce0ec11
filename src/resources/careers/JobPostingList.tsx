import WorkOutlineIcon from '@mui/icons-material/WorkOutline';
import { Box, Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useCreatePath,
} from 'react-admin';
import { Link } from 'react-router';
import { CAREER_STATUSES, careers, EMPLOYMENT_TYPES, type JobPosting } from '../../../schema/areas/careers';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { humanize, StatusChip } from '../../components/StatusChip';
import { ApplicationsLink } from './ApplicationsLink';
import { formatDay, isPastClosing } from './jobDates';

type JobPostingRecord = JobPosting & { id: number; applications_count?: number };

const statusChoices = CAREER_STATUSES.map((id) => ({ id, name: humanize(id) }));
const employmentChoices = EMPLOYMENT_TYPES.map((id) => ({ id, name: humanize(id) }));
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(careers.sort ?? [])]);

// Text in a phone row wraps within the row instead of widening the page.
const phoneListSx = { '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } };

const listSx = {
  '& .RaList-main': { mt: 1 },
  // The collapsed bulk toolbar is 0px tall but its buttons stayed in the tab order: invisible focus stops.
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
  // MUI's focus ripple is faint; keyboard users get a clear ring.
  '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible, & [role="button"]:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
};

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search title, department, location…"
    slotProps={{ htmlInput: { 'aria-label': 'Search job postings' } }}
  />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Open or closed" helperText={false} alwaysOn />,
  <SelectInput key="employment_type" source="employment_type" choices={employmentChoices} emptyText="Any type" helperText={false} />,
  <TextInput key="department" source="department" helperText={false} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="New job posting" />
    </TopToolbar>
  );
}

function Empty() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <WorkOutlineIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        No job postings yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        Publish an opening and candidates can apply from the careers page; their applications arrive in Forms.
      </Typography>
      <CreateButton label="Post the first job" variant="contained" />
    </Stack>
  );
}

function TitleCell({ record }: { record: JobPostingRecord }) {
  const createPath = useCreatePath();
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: 'careers', id: record.id, type: 'edit' })}
      onClick={(event) => event.stopPropagation()}
      color="text.primary"
      underline="hover"
      sx={{ fontWeight: 600 }}
    >
      {record.title}
    </MuiLink>
  );
}

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
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sortField, sortOrder] = careers.defaultSort ?? ['created_at', 'DESC'];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <Typography variant="h1" component="h1">
          {careers.label}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Openings on the careers page, with the applications each one has received.
        </Typography>
      </Box>
      <List
        sort={{ field: sortField, order: sortOrder }}
        perPage={25}
        filters={filters}
        actions={<Actions />}
        empty={<Empty />}
        title={careers.label}
        sx={listSx}
      >
        {isPhone ? (
          <SimpleList<JobPostingRecord>
            rowClick="edit"
            sx={phoneListSx}
            primaryText={(record) => record.title}
            secondaryText={(record) => (
              <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {[record.department, record.location, humanize(record.employment_type)].filter(Boolean).join(' · ')}
                </Box>
                <Stack component="span" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <StatusChip status={record.status} />
                  <ApplicationsLink record={record} />
                </Stack>
              </Stack>
            )}
          />
        ) : (
          <DataTable<JobPostingRecord> rowClick="edit">
            <DataTable.Col<JobPostingRecord> source="title" render={(record) => <TitleCell record={record} />} sx={{ minWidth: 200 }} />
            <DataTable.Col<JobPostingRecord> source="department" disableSort={!sortable.has('department')} />
            <DataTable.Col<JobPostingRecord>
              source="location"
              disableSort={!sortable.has('location')}
              sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
            <DataTable.Col<JobPostingRecord>
              source="employment_type"
              disableSort={!sortable.has('employment_type')}
              render={(record) => humanize(record.employment_type)}
              sx={{ display: { xs: 'none', md: 'table-cell' } }}
            />
            <DataTable.Col<JobPostingRecord> source="closing_date" render={(record) => <ClosingDate record={record} />} />
            <DataTable.Col<JobPostingRecord> source="status" render={(record) => <StatusChip status={record.status} />} />
            <DataTable.Col<JobPostingRecord>
              source="applications_count"
              disableSort
              render={(record) => <ApplicationsLink record={record} />}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
