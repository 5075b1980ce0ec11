import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Link as MuiLink, Stack, Typography, useMediaQuery, type SvgIconProps, type Theme } from '@mui/material';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { CreateButton, FilterButton, List, TopToolbar, useCreatePath, type SortPayload } from 'react-admin';
import { Link } from 'react-router';
import { defaultSortOf, type AreaDeclaration } from '../../schema/define';
import { contentListSx } from './contentSx';

/** The order a list of the area opens in, as react-admin takes it. */
export const listSortOf = (area: Pick<AreaDeclaration, 'defaultSort' | 'ordered'>): SortPayload => {
  const [field, order] = defaultSortOf(area);
  return { field, order };
};

interface ContentListProps {
  /** Names the page and sets the order it opens in. */
  area: AreaDeclaration;
  description: string;
  filters: ReactElement[];
  /** The toolbar's create button, e.g. "New post". */
  createLabel: string;
  empty: ReactElement;
  /** Rendered below the small breakpoint instead of `table`. */
  phone: ReactNode;
  table: ReactNode;
}

// The list page of a content area: heading, description, filters, and a table that becomes a simple list on a phone.
export function ContentList({ area, description, filters, createLabel, empty, phone, table }: ContentListProps) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const title = area.label;
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      </Box>
      <List
        sort={listSortOf(area)}
        perPage={25}
        filters={filters}
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateButton label={createLabel} />
          </TopToolbar>
        }
        empty={empty}
        title={title}
        sx={contentListSx}
      >
        {isPhone ? phone : table}
      </List>
    </>
  );
}

interface ListEmptyProps {
  icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
  createLabel: string;
  textMaxWidth?: number;
}

export function ListEmpty({ icon: Icon, title, text, createLabel, textMaxWidth = 440 }: ListEmptyProps) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <Icon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: textMaxWidth }}>
        {text}
      </Typography>
      <CreateButton label={createLabel} variant="contained" />
    </Stack>
  );
}

// A decorative image cell; `ratio` is width over height.
export function Thumbnail({ src, size = 48, ratio = 1.4 }: { src: string | undefined; size?: number; ratio?: number }) {
  return (
    <Box
      sx={{
        width: Math.round(size * ratio),
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

// The title links to the form, so every row is reachable with the keyboard (row clicks are mouse-only).
export function TitleLink({ resource, id, children }: { resource: string; id: number; children: ReactNode }) {
  const createPath = useCreatePath();
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource, id, type: 'edit' })}
      onClick={(event) => event.stopPropagation()}
      color="text.primary"
      underline="hover"
      sx={{ fontWeight: 600 }}
    >
      {children}
    </MuiLink>
  );
}

// A title link with a secondary line under it; `clamp` cuts that line to one.
export function TitleCell({
  resource,
  id,
  title,
  secondary,
  clamp = false,
}: {
  resource: string;
  id: number;
  title: ReactNode;
  secondary?: ReactNode;
  clamp?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <TitleLink resource={resource} id={id}>
        {title}
      </TitleLink>
      {secondary && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={
            clamp
              ? { display: '-webkit-box', WebkitLineClamp: 1, WebkitBoxOrient: 'vertical', overflow: 'hidden', mt: 0.25 }
              : { mt: 0.25 }
          }
        >
          {secondary}
        </Typography>
      )}
    </Box>
  );
}
