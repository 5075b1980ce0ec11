import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useResourceContext } from 'react-admin';
import { Link } from 'react-router';
import { areaByName } from '../../schema/areas';
import type { AreaDeclaration } from '../../schema/define';
import { focusRing } from './ImageInput';

/** 'New post', 'New job posting': the create button and the create page say the same (issue #8 item 7). */
export const newRecordLabel = (area: Pick<AreaDeclaration, 'itemLabel'> | undefined): string =>
  `New ${area?.itemLabel ?? 'record'}`;

/** 'Create post', 'Create testimonial': the save button of every new record's form (GuardedForm, ContentForm). */
export const createRecordLabel = (area: Pick<AreaDeclaration, 'itemLabel'> | undefined): string =>
  `Create ${area?.itemLabel ?? 'record'}`;

interface PageHeaderProps {
  title: ReactNode;
  /** Chips beside the heading (status, schedule): beside it, not in it, so the heading names the page only. */
  badges?: ReactNode;
  description?: ReactNode;
  /** A link back to the area's list, on create, edit and show pages. */
  back?: boolean;
  /** The page's own actions, on the right (on a phone, under the title). */
  actions?: ReactNode;
}

// The one page header of every area (issue #8 item 7): a way back, the title, and the actions on the right. The
// breadcrumb above it and the document title stay the shell's (SPEC §2).
export function PageHeader({ title, badges, description, back = false, actions }: PageHeaderProps) {
  return (
    <Box sx={{ mt: 1, mb: 1, minWidth: 0 }}>
      {back && <BackLink />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2, rowGap: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {title}
          </Typography>
          {badges}
        </Stack>
        {actions && <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}>{actions}</Stack>}
      </Stack>
      {description && (
        <Typography color="text.secondary" component="div" sx={{ mt: 0.5, maxWidth: 720 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}

// Back to the list of the area whose page this is, named as the menu names it.
function BackLink() {
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const label = areaByName(resource)?.label ?? resource;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource, type: 'list' })}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, mb: 0.5, ...focusRing }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {label}
    </MuiLink>
  );
}

// The one create button (issue #8 item 7): in the page header at every width. react-admin's CreateButton turns into
// a floating "+" on phones, which covered the pagination; this one stays where the other actions are.
export function NewRecordButton() {
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  return (
    <Button
      component={Link}
      to={createPath({ resource, type: 'create' })}
      variant="contained"
      startIcon={<AddIcon />}
      className="NewRecordButton"
      sx={{ textTransform: 'none', whiteSpace: 'nowrap', ...focusRing }}
    >
      {newRecordLabel(areaByName(resource))}
    </Button>
  );
}
