import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Card, Chip, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { SessionInfo } from '../../schema/sessions';
import { PageHeader } from '../components/PageHeader';
import { focusRing } from '../components/ImageInput';
import { formatRelativeTime } from '../notifications/relativeTime';
import { describeDevice } from './device';
import { SESSIONS_TITLE } from './names';
import { SESSIONS_KEY, endOtherSessions, endSession, fetchSessions } from './sessionsApi';


const signedInAt = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// The signed-in user's own sessions (issue #9; docs/security.md, "Sessions"): where they are signed in, and a way to
// end any of them but this one (the header's Logout ends this one).
export function SessionsPage() {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data: sessions, error, isPending } = useQuery({ queryKey: SESSIONS_KEY, queryFn: fetchSessions, retry: false });

  const failed = (failure: unknown) => {
    void logoutIfAccessDenied(failure);
    notify((failure as Error)?.message || 'ra.notification.http_error', { type: 'error' });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

  const endOne = useMutation({
    mutationFn: (session: SessionInfo) => endSession(session.id),
    onSuccess: async (_answer, session) => {
      notify(`Signed out of ${describeDevice(session.user_agent)}`, { type: 'success' });
      await refresh();
    },
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async (ended) => {
      setConfirming(false);
      notify(`Signed out everywhere else: ${plural(ended, 'session', 'sessions')} ended`, { type: 'success' });
      await refresh();
    },
    onError: (failure) => {
      setConfirming(false);
      failed(failure);
    },
  });

  const others = (sessions ?? []).filter((session) => !session.current);
  return (
    <Box sx={{ pb: 4, maxWidth: 880 }}>
      <PageHeader
        title={SESSIONS_TITLE}
        description="Where you are signed in. Sign out of any device you do not recognise or no longer use."
        actions={
          <Button
            variant="outlined"
            color="error"
            startIcon={<LogoutIcon aria-hidden />}
            disabled={others.length === 0}
            onClick={() => setConfirming(true)}
            sx={{ textTransform: 'none', ...focusRing }}
          >
            Sign out everywhere else
          </Button>
        }
      />
      {isPending ? (
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      ) : error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {(error as Error).message}
        </Alert>
      ) : (
        <Card variant="outlined" sx={{ mt: 2 }}>
          <List aria-label="Your sessions" disablePadding>
            {(sessions ?? []).map((session, index) => {
              const device = describeDevice(session.user_agent);
              const where = session.ip ?? 'Unknown address';
              return (
                <ListItem
                  key={session.id}
                  divider={index < (sessions ?? []).length - 1}
                  secondaryAction={
                    session.current ? undefined : (
                      <Button
                        size="small"
                        onClick={() => endOne.mutate(session)}
                        disabled={endOne.isPending && endOne.variables?.id === session.id}
                        // With when it signed in: two sessions of one browser and address had the same name (an outside audit).
                        aria-label={`Sign out ${device}, ${where}, signed in ${signedInAt(session.created_at)}`}
                        sx={{ textTransform: 'none', ...focusRing }}
                      >
                        Sign out
                      </Button>
                    )
                  }
                  sx={{ pr: session.current ? 2 : 14 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <DevicesIcon aria-hidden />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <span>{device}</span>
                        {session.current && <Chip label="This device" size="small" color="primary" variant="outlined" />}
                      </Stack>
                    }
                    secondary={`${where} · Signed in ${signedInAt(session.created_at)} · Last active ${formatRelativeTime(Date.parse(session.last_used_at))}`}
                    slotProps={{ primary: { component: 'div' } }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
      <Confirm
        isOpen={confirming}
        loading={endOthers.isPending}
        title="Sign out everywhere else?"
        content={`${plural(others.length, 'other session', 'other sessions')} will end; this device stays signed in.`}
        confirm="Sign out"
        onConfirm={() => endOthers.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
