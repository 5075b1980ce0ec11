import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Tooltip, Typography, type ChipProps } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useRecordContext } from 'react-admin';
import type { AreaDeclaration } from '../../schema/define';
import { publicationOf, type PublicationState } from '../../schema/publish';
import { formatPublishTime, publicationFieldsOf } from './publication';
import { ToneChip, type Tone } from './StatusChip';

export const PUBLICATION_LABELS: Record<PublicationState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

// Same tones as a banner's schedule: live = success, not yet = info, off = neutral.
const PUBLICATION_TONES: Record<PublicationState, Tone> = {
  draft: 'neutral',
  scheduled: 'info',
  published: 'success',
};

type Area = Pick<AreaDeclaration, 'name' | 'website'>;

interface PublicationProps {
  /** The area whose `website.publication` names the status and publish-time fields. */
  area: Area;
  /** The record (or form values); the record context's when omitted. */
  record?: Record<string, unknown>;
}

/** Draft, scheduled or published now, by the website's own rule (schema/publish.ts), and when a scheduled one goes live. */
function usePublication({ area, record }: PublicationProps): { state: PublicationState; at: string } | null {
  const context = useRecordContext();
  const data = record ?? context;
  if (!data) return null;
  const fields = publicationFieldsOf(area);
  return { state: publicationOf(data, fields, new Date()), at: String(data[fields.at] ?? '') };
}

interface PublicationChipProps extends PublicationProps {
  /**
   * Where a scheduled record's publish time shows: in the chip's tooltip (default), beside the chip ("Goes live …",
   * page headers), or below it (the time alone, narrow table cells).
   */
  date?: 'tooltip' | 'beside' | 'below';
  sx?: ChipProps['sx'];
}

// The one chip for whether a record is on the website, so the console never disagrees with what the website shows.
export function PublicationChip({ area, record, date = 'tooltip', sx }: PublicationChipProps) {
  const publication = usePublication({ area, record });
  if (!publication) return null;
  const { state, at } = publication;
  const label = PUBLICATION_LABELS[state];
  if (state !== 'scheduled') return <ToneChip tone={PUBLICATION_TONES[state]} label={label} sx={sx} />;

  // A clock instead of the dot: tells "not yet" apart from other blue chips (a project's "Ongoing").
  const chip = (
    <ToneChip
      tone={PUBLICATION_TONES.scheduled}
      dot={false}
      icon={<ScheduleIcon />}
      label={label}
      sx={[{ '& .MuiChip-icon': { color: 'inherit', fontSize: 15, ml: 0.75, mr: -0.5 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
  if (date === 'tooltip') {
    return (
      <Tooltip title={`Goes live ${formatPublishTime(at)}`} describeChild>
        <Box component="span" sx={{ display: 'inline-flex' }}>
          {chip}
        </Box>
      </Tooltip>
    );
  }
  if (date === 'below') {
    return (
      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
        {chip}
        <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          <Box component="span" sx={visuallyHidden}>
            Goes live{' '}
          </Box>
          {formatPublishTime(at)}
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
      {chip}
      <GoesLive area={area} record={record} />
    </Box>
  );
}

/** "Goes live …" for a scheduled record, nothing otherwise: a line of its own under a row of chips (phone lists). */
export function GoesLive(props: PublicationProps) {
  const publication = usePublication(props);
  if (publication?.state !== 'scheduled') return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      Goes live {formatPublishTime(publication.at)}
    </Typography>
  );
}
