import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box, Button, Chip, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type DragEvent, type SyntheticEvent } from 'react';
import { InputHelperText, useDataProvider, useInput, useTranslateLabel } from 'react-admin';
import type { CornerstoneDataProvider, UploadedFile } from '../dataProvider';
import { AltTextInput } from './AltTextInput';
import {
  acceptAttribute,
  checkFile,
  fileTitle,
  formatBytes,
  isAbort,
  rulesText,
  toStoredFile,
  uploadErrorMessage,
  type UploadKind,
} from './imageInputRules';
import { useDeclaredRequired } from './declaredInputs/required';
import { useFieldError } from './fieldError';

export interface ImageInputProps {
  source: string;
  label?: string;
  accept?: UploadKind;
  helperText?: string;
  /** The smallest size that shows well where the website uses the image: a smaller one is warned about, not refused. */
  recommended?: { width: number; height: number };
}

/** The warning for an image smaller than recommended; null when it is big enough (or its size is not known yet). */
export function smallImageWarning(natural: { width: number; height: number } | null, recommended: { width: number; height: number } | undefined): string | null {
  if (!natural || !recommended || (natural.width >= recommended.width && natural.height >= recommended.height)) return null;
  return `This image is ${natural.width} × ${natural.height} px, smaller than the ${recommended.width} × ${recommended.height} px recommended: it may look blurred on large screens.`;
}

// Keyboard users must see where they are (issue #3 quality bar); MUI's ripple alone is too faint on outlined buttons.
export const focusRing = { '&.Mui-focusVisible, &:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } };

// The preview sits beside its name and buttons only where both fit: 200 px + gap + Replace and Remove.
const SIDE_BY_SIDE_MIN_PX = 440;

interface Progress {
  name: string;
  percent: number;
}

const parseValue = (value: unknown) => value;
const formatValue = (value: unknown) => value ?? null;

// One uploaded file (an image, or a document such as a CV), sent to POST /api/uploads as soon as it is chosen
// (issue #3 §2); the form keeps only what the server answered: { src, title, mime, size }.
export function ImageInput({ source, label, accept = 'image', helperText, recommended }: ImageInputProps) {
  const { id, field, isRequired } = useInput({ source, format: formatValue, parse: parseValue, isRequired: useDeclaredRequired(source) });
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const translateLabel = useTranslateLabel();
  const labelText = String(translateLabel({ source, label }) ?? source);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const running = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The shown image's own size, as the browser decoded it for the preview (no request of its own).
  const [natural, setNatural] = useState<{ src: string; width: number; height: number } | null>(null);
  // A keyboard user's place while a file uploads: Choose gives way to the progress and its Cancel, which gives way to
  // the preview and its Replace. Without this the focus fell to the page's heading (off-screen on a phone) and
  // nothing said the upload had finished (a keyboard probe, 2026-12-07).
  const wrapper = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const keepPlace = useRef(false);
  const [announcement, setAnnouncement] = useState('');
  const uploading = progress !== null;
  useLayoutEffect(() => {
    if (!keepPlace.current) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || (wrapper.current?.contains(active) ?? false);
    if (uploading) {
      if (lost) cancelButton.current?.focus();
    } else {
      keepPlace.current = false;
      if (lost) chooseButton.current?.focus();
    }
  }, [uploading]);

  // Leaving the page cancels an upload nobody will see finish.
  useEffect(() => () => running.current?.abort(), []);

  const value = field.value as UploadedFile | null;
  const smallWarning = value && natural?.src === value.src ? smallImageWarning(natural, recommended) : null;
  const noun = accept === 'image' ? 'image' : 'file';
  const errorId = `${id}-problem`;
  const helpId = `${id}-help`;

  async function start(file: File) {
    const refusal = checkFile(file, accept);
    setProblem(refusal);
    if (refusal) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    keepPlace.current = wrapper.current?.contains(document.activeElement) ?? false;
    setAnnouncement('');
    setProgress({ name: file.name, percent: 0 });
    try {
      const uploaded = await dataProvider.upload(
        file,
        ({ loaded, total }) =>
          setProgress((current) => current && { ...current, percent: total ? Math.round((loaded / total) * 100) : 0 }),
        controller.signal,
      );
      if (!controller.signal.aborted) {
        field.onChange(toStoredFile(uploaded));
        field.onBlur();
        setAnnouncement(`${file.name} uploaded.`);
      }
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted) setProblem(uploadErrorMessage(error, accept));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void start(file);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file) void start(file);
  }

  function cancel() {
    running.current?.abort();
    running.current = null;
    setProgress(null);
    chooseButton.current?.focus();
  }

  function remove() {
    field.onChange(null);
    field.onBlur();
    setProblem(null);
    // The Remove button disappears with the file: keep the keyboard user's place.
    requestAnimationFrame(() => chooseButton.current?.focus());
  }

  const choose = () => fileInput.current?.click();
  const formError = useFieldError(field.name);

  return (
    // Laid out by its own width, not the window's (issue #8 item 3): in a 320 px side column the side-by-side
    // preview was wider than the column, and its min-content widened the column and the page. As a size container
    // it can never widen what holds it.
    <Box ref={wrapper} sx={{ width: '100%', maxWidth: 560, mb: 1, containerType: 'inline-size' }}>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', fontWeight: 500, mb: 0.75 }}>
        {labelText}
        {isRequired ? ' *' : ''}
      </Typography>
      <input
        ref={fileInput}
        id={id}
        type="file"
        accept={acceptAttribute(accept)}
        onChange={onPick}
        // The visible button opens it; one tab stop is enough.
        tabIndex={-1}
        aria-describedby={[problem ? errorId : '', helpId].filter(Boolean).join(' ')}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
      />
      <Box
        data-testid={`${source}-dropzone`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '1.5px dashed',
          borderColor: dragging ? 'primary.main' : problem || formError ? 'error.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: 2,
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        {progress ? (
          <Stack spacing={1} aria-live="polite">
            <Typography variant="body2" noWrap title={progress.name}>
              Uploading {progress.name}…
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <LinearProgress
                variant="determinate"
                value={progress.percent}
                aria-label={`Uploading ${progress.name}`}
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
                {progress.percent}%
              </Typography>
            </Stack>
            <Box>
              <Button ref={cancelButton} size="small" onClick={cancel} sx={focusRing}>
                Cancel upload
              </Button>
            </Box>
          </Stack>
        ) : value ? (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'minmax(0, 1fr)',
              [`@container (min-width: ${SIDE_BY_SIDE_MIN_PX}px)`]: { gridTemplateColumns: '200px minmax(0, 1fr)', alignItems: 'center' },
            }}
          >
            {accept === 'image' ? (
              <Box
                component="img"
                src={value.src}
                alt={value.alt || fileTitle(value)}
                onLoad={(event: SyntheticEvent<HTMLImageElement>) => {
                  const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
                  setNatural({ src: value.src, width, height });
                }}
                sx={{
                  width: '100%',
                  maxWidth: 360,
                  aspectRatio: '16 / 10',
                  objectFit: 'cover',
                  borderRadius: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'action.hover',
                  display: 'block',
                }}
              />
            ) : (
              <Chip
                icon={<DescriptionOutlinedIcon />}
                label={`${fileTitle(value)}${value.size != null ? ` · ${formatBytes(value.size)}` : ''}`}
                variant="outlined"
                sx={{ maxWidth: '100%', alignSelf: 'flex-start' }}
              />
            )}
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              {accept === 'image' && (
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap title={fileTitle(value)}>
                    {fileTitle(value)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[value.mime?.replace(/^image\//, '').toUpperCase(), formatBytes(value.size)].filter(Boolean).join(' · ')}
                  </Typography>
                  {smallWarning && (
                    <Typography variant="body2" role="status" sx={{ color: 'warning.main', fontWeight: 600, mt: 0.5 }}>
                      {smallWarning}
                    </Typography>
                  )}
                </Box>
              )}
              {accept === 'image' && (
                <AltTextInput
                  id={`${id}-alt`}
                  of={labelText.toLowerCase()}
                  value={value.alt}
                  onChange={(alt) => field.onChange({ ...value, alt })}
                  onBlur={field.onBlur}
                  helperText="What the image shows, for people who cannot see it."
                />
              )}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button
                  ref={chooseButton}
                  size="small"
                  variant="outlined"
                  startIcon={<SwapHorizIcon />}
                  onClick={choose}
                  aria-label={`Replace ${labelText.toLowerCase()}`}
                  sx={focusRing}
                >
                  Replace
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={remove}
                  aria-label={`Remove ${labelText.toLowerCase()}`}
                  sx={focusRing}
                >
                  Remove
                </Button>
              </Stack>
            </Stack>
          </Box>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 1.5 }}>
            <CloudUploadOutlinedIcon color="action" fontSize="large" aria-hidden />
            <Typography variant="body2">Drag {accept === 'image' ? 'an image' : 'a file'} here, or</Typography>
            <Button
              ref={chooseButton}
              variant="outlined"
              size="small"
              onClick={choose}
              aria-label={`Choose ${noun}: ${labelText}`}
              sx={focusRing}
            >
              Choose {noun}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {rulesText(accept)}
            </Typography>
          </Stack>
        )}
      </Box>
      {problem && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 1.75 }}>
          {problem}
        </FormHelperText>
      )}
      {(formError || helperText) && (
        <FormHelperText id={helpId} error={Boolean(formError)} sx={{ mx: 1.75 }}>
          <InputHelperText error={formError} helperText={helperText} />
        </FormHelperText>
      )}
    </Box>
  );
}
