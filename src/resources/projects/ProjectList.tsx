import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Stack } from '@mui/material';
import { DataTable, SelectInput, SimpleList } from 'react-admin';
import { projects, type Project } from '../../../schema/areas/projects';
import { humanizeName, SYSTEM_FIELDS } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentList, ListEmpty, Thumbnail, TitleCell } from '../../components/ContentList';
import { freeTextColumnSx } from '../../components/contentSx';
import { GoesLive, PublicationChip } from '../../components/PublicationChip';
import { StatusChip } from '../../components/StatusChip';
import { ListSearch } from '../../components/ListSearch';
import { NamedRowsBody } from '../../components/NamedRowsBody';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { VersionedBulkDelete } from '../../components/VersionedBulkDelete';

type ProjectRecord = Project & { id: number };

const categoryChoices = choicesOf(projects, 'category');
const statusChoices = choicesOf(projects, 'status');
const publicationChoices = choicesOf(projects, 'publication');
// The API takes booleans as true/false; a select names both states, where a checkbox could not say "any".
const featuredChoices = [
  { id: 'true', name: 'Featured' },
  { id: 'false', name: 'Not featured' },
];
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(projects.sort ?? [])]);
// With the Publication column, the table no longer fits beside the sidebar at 1280px (measured): the location column
// waits for a wider screen; the phone list and the form still show it.
const wideScreenCellSx = { display: 'none', '@media (min-width: 1400px)': { display: 'table-cell' } } as const;

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search title, client, location…" name="Search projects" />,
  <SelectInput key="category" source="category" choices={categoryChoices} emptyText="Any category" helperText={false} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Any status" helperText={false} />,
  <SelectInput key="featured" source="featured" choices={featuredChoices} emptyText="Featured or not" helperText={false} />,
  <SelectInput key="publication" source="publication" choices={publicationChoices} emptyText="Draft or published" helperText={false} />,
];

const empty = (
  <ListEmpty
    icon={ApartmentOutlinedIcon}
    title="No projects in the portfolio yet"
    text="Add finished and ongoing work with photos, so visitors can see what the company builds."
  />
);

function Featured({ featured }: { featured: boolean }) {
  return featured ? (
    <StarIcon titleAccess="Featured" sx={{ color: (theme) => (theme.palette.mode === 'dark' ? '#ffd54f' : '#b26a00') }} />
  ) : (
    <StarBorderIcon titleAccess="Not featured" sx={{ color: 'text.disabled' }} />
  );
}

export function ProjectList() {
  return (
    <ContentList
      area={projects}
      description="The company's work, as the website shows it. Featured projects lead the homepage."
      filters={filters}
      empty={empty}
      phone={
        <SimpleList<ProjectRecord>
          rowClick="edit"
          leftIcon={(record) => <Thumbnail src={record.cover_image?.src} size={40} />}
          primaryText={(record) => (
            <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <span>{record.title}</span>
              {record.featured && <Featured featured />}
            </Stack>
          )}
          secondaryText={(record) => (
            <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ display: 'block' }}>
                {[humanizeName(record.category), record.location, record.year].filter(Boolean).join(' · ')}
              </Box>
              <Stack component="span" direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <StatusChip status={record.status} />
                <PublicationChip area={projects} record={record} />
              </Stack>
              <GoesLive area={projects} record={record} />
            </Stack>
          )}
        />
      }
      table={
        <DataTable<ProjectRecord> head={SortedDataTableHead} body={NamedRowsBody} rowClick="edit" bulkActionButtons={<VersionedBulkDelete />}>
          <DataTable.Col<ProjectRecord>
            source="cover_image"
            disableSort
            render={(record) => <Thumbnail src={record.cover_image?.src} />}
            sx={{ width: 88 }}
          />
          <DataTable.Col<ProjectRecord> source="title" render={(record) => <TitleCell resource="projects" id={record.id} title={record.title} secondary={record.client} />} sx={{ minWidth: 200 }} />
          <DataTable.Col<ProjectRecord>
            source="category"
            disableSort={!sortable.has('category')}
            render={(record) => humanizeName(record.category)}
          />
          <DataTable.Col<ProjectRecord>
            source="location"
            disableSort={!sortable.has('location')}
            render={(record) => record.location || '—'}
            sx={{ ...freeTextColumnSx, ...wideScreenCellSx }}
          />
          <DataTable.Col<ProjectRecord> source="year" render={(record) => record.year ?? '—'} />
          <DataTable.Col<ProjectRecord> source="status" render={(record) => <StatusChip status={record.status} />} />
          <DataTable.Col<ProjectRecord>
            source="publication"
            disableSort={!sortable.has('publication')}
            render={(record) => <PublicationChip area={projects} record={record} date="below" />}
          />
          <DataTable.Col<ProjectRecord>
            source="featured"
            disableSort={!sortable.has('featured')}
            align="center"
            render={(record) => <Featured featured={record.featured} />}
          />
        </DataTable>
      }
    />
  );
}
