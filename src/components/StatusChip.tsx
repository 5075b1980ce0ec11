import { Chip, type ChipProps } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useRecordContext } from 'react-admin';
import { humanizeName } from '../../schema/define';

// Soft tinted chips. Each pair was checked for WCAG AA text contrast (≥ 4.5:1): 6.1–8.4:1 in the light theme,
// 5.4–9.1:1 in the dark one (tint blended over both dark backgrounds of src/theme.ts).
const TONES = {
  success: { light: ['#e3f3e8', '#1b5e20'], dark: ['rgba(129, 199, 132, 0.16)', '#a5d6a7'] },
  info: { light: ['#e3f0fc', '#0d47a1'], dark: ['rgba(100, 181, 246, 0.16)', '#90caf9'] },
  accent: { light: ['#f1e6f6', '#6a1b9a'], dark: ['rgba(206, 147, 216, 0.16)', '#e1bee7'] },
  warning: { light: ['#fff1dc', '#8a4b00'], dark: ['rgba(255, 183, 77, 0.16)', '#ffcc80'] },
  danger: { light: ['#fdecea', '#a1221a'], dark: ['rgba(239, 154, 154, 0.16)', '#ef9a9a'] },
  neutral: { light: ['#eceff1', '#37474f'], dark: ['rgba(176, 190, 197, 0.16)', '#cfd8dc'] },
} as const;

export type Tone = keyof typeof TONES;

const pulse = keyframes`0%, 100% { opacity: 1; } 50% { opacity: 0.35; }`;

interface ToneChipProps extends Omit<ChipProps, 'color'> {
  tone: Tone;
  // A dot before the label; 'pulse' animates it (motion is dropped for users who ask for less).
  dot?: boolean | 'pulse';
}

// The chip every status-like value uses, so lists read the same across areas.
export function ToneChip({ tone, dot = true, sx, ...rest }: ToneChipProps) {
  const colours = TONES[tone];
  return (
    <Chip
      size="small"
      {...rest}
      sx={[
        (theme) => {
          const [bg, fg] = theme.palette.mode === 'dark' ? colours.dark : colours.light;
          return {
            bgcolor: bg,
            color: fg,
            fontWeight: 600,
            letterSpacing: 0.1,
            borderRadius: 1.5,
            '& .MuiChip-label': { px: 1 },
            ...(dot && {
              '&::before': {
                content: '""',
                width: 6,
                height: 6,
                ml: 1,
                mr: -0.25,
                borderRadius: '50%',
                bgcolor: 'currentColor',
                flexShrink: 0,
                ...(dot === 'pulse' && {
                  animation: `${pulse} 1.8s ease-in-out infinite`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }),
              },
            }),
          };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}

// The statuses of the content areas, with their tones: a project's works, a job posting's recruitment. Whether a
// record is on the website (draft, scheduled, published) has its own chip, PublicationChip.
const STATUS_TONES: Record<string, Tone> = {
  open: 'success',
  closed: 'danger',
  planned: 'accent',
  ongoing: 'info',
  completed: 'success',
};

interface StatusChipProps {
  // The value to show; read from the record context's `source` (default 'status') when omitted.
  status?: string | null;
  source?: string;
  sx?: ChipProps['sx'];
}

export function StatusChip({ status, source = 'status', sx }: StatusChipProps) {
  const record = useRecordContext();
  const value = status ?? (record?.[source] as string | null | undefined);
  if (!value) return null;
  return <ToneChip tone={STATUS_TONES[value] ?? 'neutral'} label={humanizeName(value)} sx={sx} />;
}
