import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
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
import { BANNER_PLACEMENTS, banners, type Banner } from '../../../schema/areas/banners';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { SCHEDULE_LABELS, SCHEDULES, ScheduleChip, type Schedule } from '../../components/ScheduleChip';
import { PLACEMENT_LABELS } from './bannerSchedule';

type BannerRecord = Banner & { id: number; schedule?: Schedule };

const placementChoices = BANNER_PLACEMENTS.map((id) => ({ id, name: PLACEMENT_LABELS[id] ?? id }));
const scheduleChoices = SCHEDULES.map((id) => ({ id, name: SCHEDULE_LABELS[id] }));
const activeChoices = [
  { id: 'true', name: 'Active' },
  { id: 'false', name: 'Switched off' },
];
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(banners.sort ?? [])]);

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
    placeholder="Search title or subtitle…"
    slotProps={{ htmlInput: { 'aria-label': 'Search banners' } }}
  />,
  // Computed by the API from the dates and the active flag.
  <SelectInput key="schedule" source="schedule" choices={scheduleChoices} emptyText="Any schedule" helperText={false} alwaysOn />,
  <SelectInput key="placement" source="placement" choices={placementChoices} emptyText="Any placement" helperText={false} />,
  <SelectInput key="active" source="active" choices={activeChoices} emptyText="Active or not" helperText={false} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="New banner" />
    </TopToolbar>
  );
}

function Empty() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <CampaignOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        No banners or promotions yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        Announce an open day, a show home or an offer, on the homepage or as a pop-up, for as long as you choose.
      </Typography>
      <CreateButton label="Create a banner" variant="contained" />
    </Stack>
  );
}

function Thumbnail({ record, size = 48 }: { record: BannerRecord; size?: number }) {
  const src = record.image?.src;
  return (
    <Box
      sx={{
        width: Math.round(size * 1.6),
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

function TitleCell({ record }: { record: BannerRecord }) {
  const createPath = useCreatePath();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuiLink
        component={Link}
        to={createPath({ resource: 'banners', id: record.id, type: 'edit' })}
        onClick={(event) => event.stopPropagation()}
        color="text.primary"
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {record.title}
      </MuiLink>
      {record.subtitle && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 1, WebkitBoxOrient: 'vertical', overflow: 'hidden', mt: 0.25 }}
        >
          {record.subtitle}
        </Typography>
      )}
    </Box>
  );
}

// Date on one line, time under it: the two date columns stay narrow.
function When({ value, empty }: { value: string | null | undefined; empty: string }) {
  const time = value ? new Date(value) : null;
  if (!time || Number.isNaN(time.getTime())) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="time" dateTime={time.toISOString()} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {time.toLocaleDateString(undefined, { dateStyle: 'medium' })}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {time.toLocaleTimeString(undefined, { timeStyle: 'short' })}
      </Typography>
    </Box>
  );
}

function Active({ active }: { active: boolean }) {
  return active ? (
    <CheckCircleIcon titleAccess="Active" fontSize="small" sx={{ color: (theme) => (theme.palette.mode === 'dark' ? '#a5d6a7' : '#1b5e20') }} />
  ) : (
    <RemoveCircleOutlineIcon titleAccess="Switched off" fontSize="small" sx={{ color: 'text.secondary' }} />
  );
}

export function BannerList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sortField, sortOrder] = banners.defaultSort ?? ['created_at', 'DESC'];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <Typography variant="h1" component="h1">
          {banners.label}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Time-limited messages on the website. Each one is live between its start and end, while it is active.
        </Typography>
      </Box>
      <List
        sort={{ field: sortField, order: sortOrder }}
        perPage={25}
        filters={filters}
        actions={<Actions />}
        empty={<Empty />}
        title={banners.label}
        sx={listSx}
      >
        {isPhone ? (
          <SimpleList<BannerRecord>
            rowClick="edit"
            sx={phoneListSx}
            leftIcon={(record) => <Thumbnail record={record} size={36} />}
            primaryText={(record) => record.title}
            secondaryText={(record) => (
              <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {PLACEMENT_LABELS[record.placement] ?? record.placement}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  <ScheduleChip schedule={record.schedule} />
                </Box>
              </Stack>
            )}
          />
        ) : (
          <DataTable<BannerRecord> rowClick="edit">
            <DataTable.Col<BannerRecord>
              source="image"
              label="Image"
              disableSort
              render={(record) => <Thumbnail record={record} />}
              sx={{ width: 96 }}
            />
            <DataTable.Col<BannerRecord> source="title" render={(record) => <TitleCell record={record} />} sx={{ minWidth: 200 }} />
            <DataTable.Col<BannerRecord>
              source="placement"
              disableSort={!sortable.has('placement')}
              render={(record) => PLACEMENT_LABELS[record.placement] ?? record.placement}
              sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
            <DataTable.Col<BannerRecord> source="starts_at" render={(record) => <When value={record.starts_at} empty="Right away" />} />
            <DataTable.Col<BannerRecord> source="ends_at" render={(record) => <When value={record.ends_at} empty="No end" />} />
            <DataTable.Col<BannerRecord> source="schedule" disableSort render={(record) => <ScheduleChip schedule={record.schedule} />} />
            <DataTable.Col<BannerRecord>
              source="active"
              disableSort={!sortable.has('active')}
              align="center"
              render={(record) => <Active active={record.active} />}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
