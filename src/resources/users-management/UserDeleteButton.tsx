import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button, Tooltip } from '@mui/material';
import { DeleteWithConfirmButton, useRecordContext } from 'react-admin';
import { CANNOT_DELETE_SELF, useIsCurrentUser } from './currentUser';

// Delete, except on your own account: there the button stays focusable (aria-disabled, not disabled) so that
// keyboard and screen-reader users also get the tooltip saying why.
export function UserDeleteButton() {
  const record = useRecordContext();
  const isCurrentUser = useIsCurrentUser();
  if (!record) return null;
  const name = String(record.name ?? record.email ?? '');
  if (isCurrentUser(record.id)) {
    return (
      <Tooltip title={CANNOT_DELETE_SELF} describeChild>
        <Button
          color="error"
          size="small"
          aria-disabled="true"
          startIcon={<DeleteOutlineIcon aria-hidden />}
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
          }}
          sx={{
            color: 'text.disabled',
            cursor: 'not-allowed',
            '&:hover': { bgcolor: 'transparent' },
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          Delete
        </Button>
      </Tooltip>
    );
  }
  return (
    <DeleteWithConfirmButton
      label="Delete"
      confirmTitle={`Delete ${name}?`}
      confirmContent="They will no longer be able to sign in. This cannot be undone."
      mutationMode="pessimistic"
    />
  );
}
