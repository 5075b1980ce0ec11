import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Chip, Link as MuiLink, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DateField,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useCreatePath,
} from 'react-admin';
import { Link } from 'react-router';
import { BLOG_STATUSES, blogs, type BlogPost } from '../../../schema/areas/blogs';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { humanize, StatusChip } from '../../components/StatusChip';

type BlogPostRecord = BlogPost & { id: number };

const statusChoices = BLOG_STATUSES.map((id) => ({ id, name: humanize(id) }));
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(blogs.sort ?? [])]);

// Text in a phone row wraps within the row instead of widening the page.
const phoneListSx = { '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } };
const clampSx = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

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
    placeholder="Search title or excerpt…"
    slotProps={{ htmlInput: { 'aria-label': 'Search blog posts' } }}
  />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Any status" helperText={false} alwaysOn />,
  // `tags` holds a list: the API matches posts carrying this tag.
  <TextInput key="tags" source="tags" label="Tag" helperText={false} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="New post" />
    </TopToolbar>
  );
}

function Empty() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <ArticleOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        No blog posts yet
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        Share company news, project stories and buying guides. Drafts stay private until you publish them.
      </Typography>
      <CreateButton label="Write the first post" variant="contained" />
    </Stack>
  );
}

function Thumbnail({ record, size = 48 }: { record: BlogPostRecord; size?: number }) {
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

// The title links to the form, so every row is reachable with the keyboard (row clicks are mouse-only).
function TitleCell({ record }: { record: BlogPostRecord }) {
  const createPath = useCreatePath();
  return (
    <Box sx={{ minWidth: 0 }}>
      <MuiLink
        component={Link}
        to={createPath({ resource: 'blogs', id: record.id, type: 'edit' })}
        onClick={(event) => event.stopPropagation()}
        color="text.primary"
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {record.title}
      </MuiLink>
      {record.excerpt && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 1, WebkitBoxOrient: 'vertical', overflow: 'hidden', mt: 0.25 }}
        >
          {record.excerpt}
        </Typography>
      )}
    </Box>
  );
}

function Tags({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {tags.slice(0, max).map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" />
      ))}
      {tags.length > max && (
        <Chip label={`+${tags.length - max}`} size="small" variant="outlined" title={tags.slice(max).join(', ')} />
      )}
    </Stack>
  );
}

const publishedDate = (record: BlogPostRecord) =>
  record.published_at ? (
    <DateField record={record} source="published_at" options={{ dateStyle: 'medium' }} />
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      Not scheduled
    </Typography>
  );

export function BlogPostList() {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [sortField, sortOrder] = blogs.defaultSort ?? ['published_at', 'DESC'];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <Typography variant="h1" component="h1">
          {blogs.label}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Articles for the website's blog: write, schedule and publish.
        </Typography>
      </Box>
      <List
        sort={{ field: sortField, order: sortOrder }}
        perPage={25}
        filters={filters}
        actions={<Actions />}
        empty={<Empty />}
        title={blogs.label}
        sx={listSx}
      >
        {isPhone ? (
          <SimpleList<BlogPostRecord>
            rowClick="edit"
            sx={phoneListSx}
            leftIcon={(record) => <Thumbnail record={record} size={40} />}
            primaryText={(record) => record.title}
            secondaryText={(record) => (
              <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
                {record.excerpt && (
                  <Box component="span" sx={clampSx}>
                    {record.excerpt}
                  </Box>
                )}
                <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <StatusChip status={record.status} />
                  {publishedDate(record)}
                </Stack>
              </Stack>
            )}
          />
        ) : (
          <DataTable<BlogPostRecord> rowClick="edit">
            <DataTable.Col<BlogPostRecord>
              source="cover_image"
              label="Cover"
              disableSort
              render={(record) => <Thumbnail record={record} />}
              sx={{ width: 88 }}
            />
            <DataTable.Col<BlogPostRecord> source="title" render={(record) => <TitleCell record={record} />} sx={{ minWidth: 220 }} />
            <DataTable.Col<BlogPostRecord> source="status" disableSort={!sortable.has('status')} render={(record) => <StatusChip status={record.status} />} />
            <DataTable.Col<BlogPostRecord>
              source="tags"
              disableSort
              render={(record) => <Tags tags={record.tags ?? []} />}
              sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
            <DataTable.Col<BlogPostRecord> source="published_at" render={publishedDate} sx={{ whiteSpace: 'nowrap' }} />
            <DataTable.Col<BlogPostRecord>
              source="author"
              disableSort={!sortable.has('author')}
              sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}
              render={(record) => record.author || '—'}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
