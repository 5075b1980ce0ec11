import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Box, Stack, Typography } from '@mui/material';
import { DataTable, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { banners, type Banner } from '../../../schema/areas/banners';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { SCHEDULES, type Schedule } from '../../../schema/schedule';
import { ContentList, ListEmpty, Thumbnail, TitleCell } from '../../components/ContentList';
import { SCHEDULE_LABELS, ScheduleChip } from '../../components/ScheduleChip';
import { placementChoices, placementLabel } from './bannerSchedule';
import { NamedRowsBody } from '../../components/NamedRowsBody';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { VersionedBulkDelete } from '../../components/VersionedBulkDelete';

type BannerRecord = Banner & { id: number; schedule?: Schedule };

const scheduleChoices = SCHEDULES.map((id) => ({ id, name: SCHEDULE_LABELS[id] }));
const activeChoices = [
  { id: 'true', name: 'Active' },
  { id: 'false', name: 'Switched off' },
];
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(banners.sort ?? [])]);

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

const empty = (
  <ListEmpty
    icon={CampaignOutlinedIcon}
    title="No banners or promotions yet"
    text="Announce an open day, a show home or an offer, on the homepage or as a pop-up, for as long as you choose."
  />
);

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
  return (
    <ContentList
      area={banners}
      description="Time-limited messages on the website. Each one is live between its start and end, while it is active."
      filters={filters}
      empty={empty}
      phone={
        <SimpleList<BannerRecord>
          rowClick="edit"
          leftIcon={(record) => <Thumbnail src={record.image?.src} size={36} ratio={1.6} />}
          primaryText={(record) => record.title}
          secondaryText={(record) => (
            <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
              <Box component="span" sx={{ display: 'block' }}>
                {placementLabel(record.placement)}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                <ScheduleChip schedule={record.schedule} />
              </Box>
            </Stack>
          )}
        />
      }
      table={
        <DataTable<BannerRecord> head={SortedDataTableHead} body={NamedRowsBody} rowClick="edit" bulkActionButtons={<VersionedBulkDelete />}>
          <DataTable.Col<BannerRecord>
            source="image"
            disableSort
            render={(record) => <Thumbnail src={record.image?.src} ratio={1.6} />}
            sx={{ width: 96 }}
          />
          <DataTable.Col<BannerRecord> source="title" render={(record) => <TitleCell resource="banners" id={record.id} title={record.title} secondary={record.subtitle} clamp />} sx={{ minWidth: 200 }} />
          <DataTable.Col<BannerRecord>
            source="placement"
            disableSort={!sortable.has('placement')}
            render={(record) => placementLabel(record.placement)}
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
      }
    />
  );
}
