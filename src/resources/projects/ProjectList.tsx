import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
} from 'react-admin';
import { Link } from 'react-router';
import { PROJECT_CATEGORIES, PROJECT_STATUSES, projects, type Project } from '../../../schema/areas/projects';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { humanize, StatusChip } from '../../components/StatusChip';

type ProjectRecord = Project & { id: number };

const categoryChoices = PROJECT_CATEGORIES.map((id) => ({ id, name: humanize(id) }));
const statusChoices = PROJECT_STATUSES.map((id) => ({ id, name: humanize(id) }));
// The API takes booleans as true/false; a select names both states, where a checkbox could not say "any".
const featuredChoices = [
  { id: 'true', name: 'Featured' },
  { id: 'false', name: 'Not featured' },
];
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(projects.sort ?? [])]);

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
    placeholder="Search title, client, location…"
    slotProps={{ htmlInput: { 'aria-label': 'Search projects' } }}
  />,
  <SelectInput key="category" source="category" choices={categoryChoices} emptyText="Any category" helperText={false} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Any status" helperText={false} />,
  <SelectInput key="featured" source="featured" choices={featuredChoices} emptyText="Featured or not" helperText={false} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="New project" />
    </TopToolbar>
  );
}

function Empty() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <ApartmentOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        No projects in the portfolio yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        Add finished and ongoing work with photos, so visitors can see what the company builds.
      </Typography>
      <CreateButton label="Add the first project" variant="contained" />
    </Stack>
  );
}

function Thumbnail({ record, size = 48 }: { record: ProjectRecord; size?: number }) {
  const src = record.cover_image?.src;
  return (
    <Box
      sx={{
        width: Math.round(size * 1.4),
        height: size,
        borderRadius: 1.5,
        overflow: 'hidden',
        flexShrink: 0,
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        color: 'text.disabled',
      }}
    >
      {src ? (
        <Box component="img" src={src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <ImageOutlinedIcon fontSize="small" aria-hidden />
      )}
    </Box>
  );
}

function TitleCell({ record }: { record: ProjectRecord }) {
  const createPath = useCreatePath();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuiLink
        component={Link}
        to={createPath({ resource: 'projects', id: record.id, type: 'edit' })}
        onClick={(event) => event.stopPropagation()}
        color="text.primary"
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {record.title}
      </MuiLink>
      {record.client && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {record.client}
        </Typography>
      )}
    </Box>
  );
}

function Featured({ featured }: { featured: boolean }) {
  return featured ? (
    <StarIcon titleAccess="Featured" sx={{ color: (theme) => (theme.palette.mode === 'dark' ? '#ffd54f' : '#b26a00') }} />
  ) : (
    <StarBorderIcon titleAccess="Not featured" sx={{ color: 'text.disabled' }} />
  );
}

export function ProjectList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sortField, sortOrder] = projects.defaultSort ?? ['created_at', 'DESC'];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <Typography variant="h1" component="h1">
          {projects.label}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          The company's work, as the website shows it. Featured projects lead the homepage.
        </Typography>
      </Box>
      <List
        sort={{ field: sortField, order: sortOrder }}
        perPage={25}
        filters={filters}
        actions={<Actions />}
        empty={<Empty />}
        title={projects.label}
        sx={listSx}
      >
        {isPhone ? (
          <SimpleList<ProjectRecord>
            rowClick="edit"
            sx={phoneListSx}
            leftIcon={(record) => <Thumbnail record={record} size={40} />}
            primaryText={(record) => (
              <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <span>{record.title}</span>
                {record.featured && <Featured featured />}
              </Stack>
            )}
            secondaryText={(record) => (
              <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {[humanize(record.category), record.location, record.year].filter(Boolean).join(' · ')}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  <StatusChip status={record.status} />
                </Box>
              </Stack>
            )}
          />
        ) : (
          <DataTable<ProjectRecord> rowClick="edit">
            <DataTable.Col<ProjectRecord>
              source="cover_image"
              label="Cover"
              disableSort
              render={(record) => <Thumbnail record={record} />}
              sx={{ width: 88 }}
            />
            <DataTable.Col<ProjectRecord> source="title" render={(record) => <TitleCell record={record} />} sx={{ minWidth: 200 }} />
            <DataTable.Col<ProjectRecord>
              source="category"
              disableSort={!sortable.has('category')}
              render={(record) => humanize(record.category)}
            />
            <DataTable.Col<ProjectRecord>
              source="location"
              disableSort={!sortable.has('location')}
              render={(record) => record.location || '—'}
              sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
            <DataTable.Col<ProjectRecord> source="year" render={(record) => record.year ?? '—'} />
            <DataTable.Col<ProjectRecord> source="status" render={(record) => <StatusChip status={record.status} />} />
            <DataTable.Col<ProjectRecord>
              source="featured"
              disableSort={!sortable.has('featured')}
              align="center"
              render={(record) => <Featured featured={record.featured} />}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
