import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { CornerstoneDataProvider, UploadedFile } from '../dataProvider';

interface DownloadDocumentButtonProps {
  source?: string;
  label?: string;
  // Shown when the record has no document.
  emptyText?: string;
}

const isUpload = (value: unknown): value is UploadedFile =>
  !!value && typeof value === 'object' && typeof (value as { src?: unknown }).src === 'string';

export function formatBytes(size: number | null | undefined): string {
  if (typeof size !== 'number' || !Number.isFinite(size)) return '';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

// Private documents (CVs) are not plain links: a plain link cannot carry the Bearer token, so the API hands out a
// short-lived URL (dataProvider.documentLink) and the browser is sent there to download it.
export function DownloadDocumentButton({ source = 'cv', label = 'Download CV', emptyText = 'No CV attached' }: DownloadDocumentButtonProps) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const file = record?.[source];

  if (!isUpload(file)) {
    return (
      <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {emptyText}
      </Typography>
    );
  }

  const download = async () => {
    setPending(true);
    try {
      const url = await dataProvider.documentLink(file.src);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  const facts = [file.title, formatBytes(file.size)].filter(Boolean).join(' · ');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
      <Button
        variant="contained"
        onClick={() => void download()}
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
      >
        {label}
      </Button>
      {facts && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary' }}>
          <InsertDriveFileOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2" noWrap title={facts}>
            {facts}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
