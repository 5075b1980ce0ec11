import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Grid,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  Confirm,
  ShowBase,
  useDelete,
  useNotify,
  useRedirect,
  useResourceContext,
  useShowContext,
  useUpdate,
  usePrevNextController,
} from 'react-admin';
import { Link } from 'react-router';
import { areaByName } from '../../schema/areas';
import { listSortOf } from './ContentList';
import { InboxReceived } from './InboxFields';
import { InboxNotes } from './InboxNotes';
import { InboxStatusChip, InboxStatusControl, type InboxRecord } from './InboxStatus';
import { PageHeader } from './PageHeader';
import { UNREAD_COUNTS_KEY, useRefreshInbox } from './InboxUnread';
import { useRecordQueryOptions } from './recordQuery';

interface InboxShowProps {
  // The submitted fields, usually one or more <InboxSection>s.
  children: ReactNode;
  nameSource?: string;
}

// A titled card of the submission page.
export function InboxSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

// Previous / next submission in the list's current order and filters (cheap: read from the list's cache).
function InboxPrevNext() {
  const resource = useResourceContext() ?? '';
  const { hasPrev, hasNext, prevPath, nextPath, index, total, isPending } = usePrevNextController({
    linkType: 'show',
    // The list's own opening order (InboxList), so previous and next follow what the list showed.
    sort: listSortOf(areaByName(resource) ?? {}),
    limit: 100,
  });
  if (isPending || (!hasPrev && !hasNext)) return null;
  return (
    <Stack direction="row" component="nav" aria-label="Submissions" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Tooltip title="Previous submission">
        <span>
          <IconButton
            {...(prevPath ? { component: Link, to: prevPath } : {})}
            disabled={!hasPrev}
            aria-label="Previous submission"
            size="small"
          >
            <NavigateBeforeIcon />
          </IconButton>
        </span>
      </Tooltip>
      {typeof index === 'number' && typeof total === 'number' && (
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 56, textAlign: 'center' }}>
          {index + 1} of {total}
        </Typography>
      )}
      <Tooltip title="Next submission">
        <span>
          <IconButton
            {...(nextPath ? { component: Link, to: nextPath } : {})}
            disabled={!hasNext}
            aria-label="Next submission"
            size="small"
          >
            <NavigateNextIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

function MarkUnreadButton({ record }: { record: InboxRecord }) {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefreshInbox(resource);
  const [update, { isPending }] = useUpdate<InboxRecord>();
  return (
    <Button
      variant="outlined"
      startIcon={<MarkEmailUnreadOutlinedIcon aria-hidden />}
      disabled={isPending}
      onClick={() =>
        update(
          resource,
          { id: record.id, data: { read: false }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              refresh();
              notify('Marked as unread', { type: 'success' });
              // Staying here would mark it read again on the next visit of this page.
              redirect('list', resource);
            },
            onError: (error) => notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' }),
          },
        )
      }
    >
      Mark as unread
    </Button>
  );
}

// Always a full, labelled button (react-admin's turns into a bare icon on small screens), behind a confirmation.
function DeleteSubmissionButton({ record, name }: { record: InboxRecord; name: string }) {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<InboxRecord>();
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Submission deleted', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: UNREAD_COUNTS_KEY });
          redirect('list', resource);
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon aria-hidden />} onClick={() => setOpen(true)}>
        Delete submission
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="Delete this submission?"
        content={`The submission from ${name} and its notes will be deleted for good.`}
        confirm="Delete"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function InboxShowView({ children, nameSource }: Required<InboxShowProps>) {
  const { record, isPending } = useShowContext<InboxRecord>();
  const name = record ? String(record[nameSource] ?? '') || `#${record.id}` : '';

  return (
    <Box sx={{ pb: 4 }}>
      {isPending || !record ? (
        <>
          <PageHeader title={<Skeleton variant="text" width={240} />} back />
          <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
        </>
      ) : (
        <>
          <PageHeader
            title={name}
            badges={<InboxStatusChip status={record.status} />}
            description={
              <>
                Received <InboxReceived value={record.created_at} inline />
              </>
            }
            back
            actions={<InboxPrevNext />}
          />

          <Grid container spacing={3} sx={{ mt: 2 }}>
            <Grid size={{ xs: 12, md: 7, lg: 8 }}>
              <Stack spacing={3}>{children}</Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5, lg: 4 }}>
              <Stack spacing={3}>
                <InboxSection title="Status">
                  <InboxStatusControl />
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                    Saved as soon as you choose. New → In progress → Closed.
                  </Typography>
                </InboxSection>
                <InboxSection title="Internal notes">
                  <InboxNotes key={record.id} />
                </InboxSection>
                <Card variant="outlined">
                  <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                    <Stack spacing={1.5}>
                      <MarkUnreadButton record={record} />
                      <Divider />
                      <DeleteSubmissionButton record={record} name={name} />
                    </Stack>
                  </CardContent>
                </Card>
              </Stack>
            </Grid>
          </Grid>
        </>
      )}
    </Box>
  );
}

// Opening a submission marks it read on the server (GET /api/<inbox>/:id): the menu badge and the list follow.
export function InboxShow({ children, nameSource = 'full_name' }: InboxShowProps) {
  const resource = useResourceContext() ?? '';
  const refresh = useRefreshInbox(resource);
  const recordQueryOptions = useRecordQueryOptions();
  return (
    <ShowBase queryOptions={{ ...recordQueryOptions, onSuccess: refresh }}>
      <InboxShowView nameSource={nameSource}>{children}</InboxShowView>
    </ShowBase>
  );
}
