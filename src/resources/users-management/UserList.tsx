import { Avatar, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  EditButton,
  List,
  SelectInput,
  SimpleList,
  type RaRecord,
} from 'react-admin';
import { usersManagement } from '../../../schema/areas/users-management';
import { listSortOf } from '../../components/ContentList';
import { freeTextColumnSx } from '../../components/contentSx';
import { NewRecordButton, PageHeader } from '../../components/PageHeader';
import { ToneChip } from '../../components/StatusChip';
import { useIsCurrentUser } from './currentUser';
import { formatLockEndShort, useLockEnd } from './lockEnd';
import { UserDeleteButton } from './UserDeleteButton';
import { ListSearch } from '../../components/ListSearch';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { ListLoadFailed } from '../../components/ListLoadFailed';
import { ListStatus } from '../../components/ListStatus';

interface UserRecord extends RaRecord {
  name?: string;
  email?: string;
  active?: boolean;
  created_at?: string;
  locked_until?: string | null;
}

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search name or email" name="Search users" tall />,
  <SelectInput
    key="active"
    source="active"
    label="Status"
    alwaysOn
    emptyText="Active or inactive"
    choices={[
      { id: 'true', name: 'Active' },
      { id: 'false', name: 'Inactive' },
    ]}
  />,
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

function UserName({ record }: { record: UserRecord }) {
  const isCurrentUser = useIsCurrentUser();
  const name = record.name ?? '';
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar sx={{ width: 32, height: 32, fontSize: '0.85rem', bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
        {initials(name) || '?'}
      </Avatar>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {isCurrentUser(record.id) && <Chip size="small" variant="outlined" label="You" />}
    </Stack>
  );
}

// Until when, so that an administrator can tell from the list whether to wait or to unlock (on the edit page).
function LockedChip({ record }: { record: UserRecord }) {
  const lockedUntil = useLockEnd(record);
  return lockedUntil === null ? null : <ToneChip tone="warning" label={`Locked until ${formatLockEndShort(lockedUntil)}`} />;
}

// Active or not, and Locked while failed sign-ins lock the account (its edit page unlocks it).
const ActiveChip = ({ record }: { record: UserRecord }) => (
  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    {record.active ? <ToneChip tone="success" label="Active" /> : <ToneChip tone="neutral" label="Inactive" />}
    <LockedChip record={record} />
  </Stack>
);

export function UserList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <PageHeader
        title={usersManagement.label}
        description="The administrators who can sign in to this console."
        actions={<NewRecordButton />}
      />
      <List filters={filters} actions={false} error={<ListLoadFailed label={usersManagement.label} />} sort={listSortOf(usersManagement)} perPage={25} title={usersManagement.label}>
        <ListStatus />
        {isPhone ? (
          <SimpleList<UserRecord>
            rowClick="edit"
            primaryText={(record) => <UserName record={record} />}
            secondaryText={(record) => record.email}
            tertiaryText={(record) => <ActiveChip record={record} />}
          />
        ) : (
          <DataTable<UserRecord> head={SortedDataTableHead} rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col<UserRecord> source="name" render={(record) => <UserName record={record} />} sx={freeTextColumnSx} />
            <DataTable.Col<UserRecord> source="email" sx={freeTextColumnSx} />
            <DataTable.Col<UserRecord> source="active" label="Status" render={(record) => <ActiveChip record={record} />} />
            <DataTable.Col<UserRecord>
              source="created_at"
              render={() => <DateField source="created_at" locales="en-US" options={{ dateStyle: 'medium' }} />}
            />
            <DataTable.Col<UserRecord> label="Actions" align="right">
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <EditButton />
                <UserDeleteButton />
              </Stack>
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </>
  );
}
