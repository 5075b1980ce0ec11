import { LIST_PROJECTION } from '../../schema/api';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Link as MuiLink, Stack, Typography, useMediaQuery, type SvgIconProps, type Theme } from '@mui/material';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { FilterButton, List, TopToolbar, useCreatePath, type SortPayload } from 'react-admin';
import { Link } from 'react-router';
import { defaultSortOf, type AreaDeclaration } from '../../schema/define';
import { contentListSx } from './contentSx';
import { NewRecordButton, PageHeader } from './PageHeader';
import { PhoneSortButton } from './PhoneSortButton';
import { ListLoadFailed } from './ListLoadFailed';
import { AddedFilterFocus } from './AddedFilterFocus';
import { ListStatus } from './ListStatus';

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
  empty: ReactElement;
  /** Rendered below the small breakpoint instead of `table`. */
  phone: ReactNode;
  table: ReactNode;
}

const LIST_META = { projection: LIST_PROJECTION };

// The list page of a content area: heading, description, filters, and a table that becomes a simple list on a phone.
export function ContentList({ area, description, filters, empty, phone, table }: ContentListProps) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const title = area.label;
  return (
    <>
      <PageHeader title={title} description={description} actions={<NewRecordButton />} />
      <List
        sort={listSortOf(area)}
        perPage={25}
        // Rows without their rich text (issue #10): 25 posts' bodies are not downloaded to show their titles.
        queryOptions={{ meta: LIST_META }}
        filters={filters}
        actions={
          <TopToolbar>
            <PhoneSortButton fields={[defaultSortOf(area)[0], ...(area.sort ?? [])]} />
            <FilterButton />
          </TopToolbar>
        }
        empty={empty}
        error={<ListLoadFailed label={title} />}
        title={title}
        sx={contentListSx}
      >
        <ListStatus />
        <AddedFilterFocus />
        {isPhone ? phone : table}
      </List>
    </>
  );
}

interface ListEmptyProps {
  icon: ComponentType<SvgIconProps>;
  title: string;
  text: string;
  textMaxWidth?: number;
}

// No second create button here: the page header's is the one (issue #8 item 7).
export function ListEmpty({ icon: Icon, title, text, textMaxWidth = 440 }: ListEmptyProps) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <Icon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: textMaxWidth }}>
        {text}
      </Typography>
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
      // A long word in a title breaks instead of widening its column (issue #8 item 3).
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
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
    // The line under the title (an excerpt, a client) wraps as the title does (contentSx.ts freeTextColumnSx).
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
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
