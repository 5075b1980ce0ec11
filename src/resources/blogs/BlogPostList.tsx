import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { AutocompleteInput, DataTable, DateField, SelectInput, SimpleList } from 'react-admin';
import { blogs, type BlogPost } from '../../../schema/areas/blogs';
import { SYSTEM_FIELDS } from '../../../schema/define';
import { choicesOf } from '../../../schema/labels';
import { ContentList, ListEmpty, Thumbnail, TitleCell } from '../../components/ContentList';
import { freeTextColumnSx } from '../../components/contentSx';
import { PublicationChip } from '../../components/PublicationChip';
import { ListSearch } from '../../components/ListSearch';
import { useKnownTags } from './knownTags';
import { NamedRowsBody } from '../../components/NamedRowsBody';
import { SortedDataTableHead } from '../../components/SortedDataTableHead';
import { VersionedBulkDelete } from '../../components/VersionedBulkDelete';

type BlogPostRecord = BlogPost & { id: number };

const statusChoices = choicesOf(blogs, 'status');
const sortable = new Set<string>([...SYSTEM_FIELDS, ...(blogs.sort ?? [])]);

const clampSx = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

const filters = [
  <ListSearch key="q" source="q" alwaysOn placeholder="Search title or excerpt…" name="Search blog posts" />,
  <SelectInput key="status" source="status" choices={statusChoices} emptyText="Any status" helperText={false} alwaysOn />,
  <TagFilter key="tags" source="tags" label="Tag" />,
];

// `tags` holds a list: the API matches posts carrying this tag exactly. The tags posts use are offered, found by
// any part and case as they are typed: a plain text box matched only the exact spelling (an outside browser probe:
// "High-Rise" and "high" found nothing of "high-rise").
function TagFilter({ source, label }: { source: string; label: string }) {
  const tags = useKnownTags();
  return <AutocompleteInput source={source} label={label} choices={tags.map((tag) => ({ id: tag, name: tag }))} helperText={false} />;
}

const empty = (
  <ListEmpty
    icon={ArticleOutlinedIcon}
    title="No blog posts yet"
    text="Share company news, project stories and buying guides. Drafts stay private until you publish them."
    textMaxWidth={420}
  />
);

function Tags({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {tags.slice(0, max).map((tag) => (
        // A long tag (50 characters, no space) is cut with an ellipsis instead of widening the table; whole on hover.
        <Chip key={tag} label={tag} size="small" variant="outlined" title={tag} sx={{ maxWidth: '14em' }} />
      ))}
      {tags.length > max && (
        <Chip label={`+${tags.length - max}`} size="small" variant="outlined" title={tags.slice(max).join(', ')} />
      )}
    </Stack>
  );
}

const publishedDate = (record: BlogPostRecord) =>
  record.published_at ? (
    // A date alone is that UTC day (schema/publish.ts): west of UTC it showed as the day before (an outside probe).
    <DateField record={record} source="published_at" options={{ dateStyle: 'medium', ...(/^\d{4}-\d{2}-\d{2}$/.test(record.published_at) && { timeZone: 'UTC' }) }} />
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      Not scheduled
    </Typography>
  );

export function BlogPostList() {
  return (
    <ContentList
      area={blogs}
      description="Articles for the website's blog: write, schedule and publish."
      filters={filters}
      empty={empty}
      phone={
        <SimpleList<BlogPostRecord>
          rowClick="edit"
          leftIcon={(record) => <Thumbnail src={record.cover_image?.src} size={40} />}
          primaryText={(record) => record.title}
          secondaryText={(record) => (
            <Stack component="span" spacing={0.75} sx={{ mt: 0.5 }}>
              {record.excerpt && (
                <Box component="span" sx={clampSx}>
                  {record.excerpt}
                </Box>
              )}
              <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <PublicationChip area={blogs} record={record} />
                {publishedDate(record)}
              </Stack>
            </Stack>
          )}
        />
      }
      table={
        <DataTable<BlogPostRecord> head={SortedDataTableHead} body={NamedRowsBody} rowClick="edit" bulkActionButtons={<VersionedBulkDelete />}>
          <DataTable.Col<BlogPostRecord>
            source="cover_image"
            disableSort
            render={(record) => <Thumbnail src={record.cover_image?.src} />}
            sx={{ width: 88 }}
          />
          <DataTable.Col<BlogPostRecord> source="title" render={(record) => <TitleCell resource="blogs" id={record.id} title={record.title} secondary={record.excerpt} clamp />} sx={{ minWidth: 220 }} />
          <DataTable.Col<BlogPostRecord> source="status" disableSort={!sortable.has('status')} render={(record) => <PublicationChip area={blogs} record={record} />} />
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
            sx={{ display: { xs: 'none', md: 'table-cell' }, ...freeTextColumnSx }}
            render={(record) => record.author || '—'}
          />
        </DataTable>
      }
    />
  );
}
