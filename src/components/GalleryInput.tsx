import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { Box, FormHelperText, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { InputHelperText, useDataProvider, useInput, useTranslateLabel } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { CornerstoneDataProvider, UploadedFile } from '../dataProvider';
import { focusRing } from './ImageInput';
import { addButtonId, refocusMoveButton, removeButtonId, removeKeepingFocus } from './rowFocus';
import { useFieldError } from './fieldError';
import { AltTextInput } from './AltTextInput';
import { acceptAttribute, checkFile, fileTitle, isAbort, rulesText, toStoredFile, uploadErrorMessage } from './imageInputRules';
import {
  orderAfterDrop,
  orderAfterStep,
  reorderAnnouncements,
  tileInstructions,
  useReorderSensors,
} from './sortableList';

export interface GalleryInputProps {
  source: string;
  label?: string;
  // The declared cap: fieldMax(area, source).
  max: number;
}

interface Pending {
  key: string;
  name: string;
  percent: number;
  controller: AbortController;
}

const formatValue = (value: unknown) => (Array.isArray(value) ? value : []);
const parseValue = (value: unknown) => value;

// Stable keys for dnd-kit even if the same file appears twice.
const keysOf = (files: readonly UploadedFile[]): string[] => {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const n = seen.get(file.src) ?? 0;
    seen.set(file.src, n + 1);
    return n === 0 ? file.src : `${file.src}#${n}`;
  });
};

const tileButton = {
  bgcolor: 'rgba(0,0,0,0.55)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
  '&.Mui-disabled': { bgcolor: 'rgba(0,0,0,0.3)', color: 'rgba(255,255,255,0.4)' },
  ...focusRing,
};

// Several images in display order (e.g. a project's gallery, issue #3): several uploads at once, each with its
// progress; reordered by drag and drop or, from the keyboard, with Move earlier / Move later (tiles run left to right).
export function GalleryInput({ source, label, max }: GalleryInputProps) {
  const { id, field } = useInput({ source, format: formatValue, parse: parseValue });
  const { getValues } = useFormContext();
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const translateLabel = useTranslateLabel();
  const labelText = String(translateLabel({ source, label }) ?? source);
  const baseId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useReorderSensors();
  const controllers = useRef(new Set<AbortController>());
  const focusAfterMove = useRef<{ index: number; step: -1 | 1 } | null>(null);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const files = field.value as UploadedFile[];
  const keys = keysOf(files);
  const titleOfKey = (key: UniqueIdentifier) => {
    const file = files[keys.indexOf(String(key))];
    return file ? fileTitle(file) : 'image';
  };

  // Uploads finish in any order: always append to the form's current value, not to this render's.
  const current = (): UploadedFile[] => formatValue(getValues(field.name)) as UploadedFile[];
  const commit = (next: UploadedFile[]) => {
    field.onChange(next);
    field.onBlur();
  };

  // Runs after every render: the one after a step is when the moved tile's buttons are in place.
  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    refocusMoveButton(baseId, moved.index, moved.step);
  });

  // One upload; its file once stored (undefined when refused or cancelled). Its progress tile stays until `settle`.
  async function uploadOne(file: File, key: string, controller: AbortController): Promise<UploadedFile | undefined> {
    try {
      const uploaded = await dataProvider.upload(
        file,
        ({ loaded, total }) =>
          setPending((list) =>
            list.map((p) => (p.key === key ? { ...p, percent: total ? Math.round((loaded / total) * 100) : 0 } : p)),
          ),
        controller.signal,
      );
      return controller.signal.aborted ? undefined : toStoredFile(uploaded);
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted) {
        setProblems((list) => [...list, `${file.name}: ${uploadErrorMessage(error, 'image')}`]);
      }
      return undefined;
    } finally {
      controllers.current.delete(controller);
    }
  }

  // Files chosen together upload side by side and finish in any order, but join the gallery in the order they were
  // chosen: each as soon as those before it have joined (or failed), its progress tile shown until then.
  function uploadInOrder(chosen: File[]) {
    const batch = chosen.map((file) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      return { file, key: `${Date.now()}-${Math.random()}`, controller, done: false, stored: undefined as UploadedFile | undefined };
    });
    setPending((list) => [...list, ...batch.map(({ key, file, controller }) => ({ key, name: file.name, percent: 0, controller }))]);
    let joined = 0;
    const settle = () => {
      const ready = [];
      while (joined < batch.length && batch[joined]!.done) ready.push(batch[joined++]!);
      if (ready.length === 0) return;
      const stored = ready.flatMap((entry) => (entry.stored ? [entry.stored] : []));
      if (stored.length > 0) commit([...current(), ...stored]);
      const keys = new Set(ready.map((entry) => entry.key));
      setPending((list) => list.filter((p) => !keys.has(p.key)));
    };
    for (const entry of batch) {
      void uploadOne(entry.file, entry.key, entry.controller).then((stored) => {
        entry.done = true;
        entry.stored = entry.controller.signal.aborted ? undefined : stored;
        // A cancelled or refused one leaves at once; a stored one waits for those chosen before it.
        if (!entry.stored) setPending((list) => list.filter((p) => p.key !== entry.key));
        settle();
      });
    }
  }

  function addFiles(list: FileList | null | undefined) {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0) return;
    const refusals: string[] = [];
    const accepted: File[] = [];
    let room = max - current().length - pending.length;
    for (const file of chosen) {
      const refusal = checkFile(file, 'image');
      if (refusal) refusals.push(`${file.name}: ${refusal}`);
      else if (room <= 0) refusals.push(`${file.name}: the gallery holds at most ${max} images.`);
      else {
        accepted.push(file);
        room -= 1;
      }
    }
    setProblems(refusals);
    if (accepted.length > 0) uploadInOrder(accepted);
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const list = event.target.files;
    addFiles(list);
    event.target.value = '';
  }

  function onDrop(event: DragEvent) {
    // Files dropped from the desktop; tiles dragged within the grid are dnd-kit's business.
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  const reorder = (nextKeys: string[]) => commit(nextKeys.map((key) => files[keys.indexOf(key)] as UploadedFile));

  function onDragEnd({ active, over }: DragEndEvent) {
    const next = orderAfterDrop(keys, active.id, over?.id);
    if (next) reorder(next);
  }

  function step(key: string, direction: -1 | 1) {
    const next = orderAfterStep(keys, key, direction);
    if (!next) return;
    reorder(next);
    setAnnouncement(`${titleOfKey(key)} moved to position ${next.indexOf(key) + 1} of ${next.length}.`);
    focusAfterMove.current = { index: next.indexOf(key), step: direction };
  }

  function remove(index: number) {
    const file = files[index];
    removeKeepingFocus(baseId, index, files.length, () => {
      commit(files.filter((_, i) => i !== index));
      if (file) setAnnouncement(`${fileTitle(file)} removed.`);
    });
  }

  const full = files.length + pending.length >= max;
  const formError = useFieldError(field.name);

  return (
    <Box sx={{ width: '100%', mb: 1 }} role="group" aria-labelledby={`${baseId}-label`}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 0.75, columnGap: 2 }}>
        <Typography id={`${baseId}-label`} variant="body2" sx={{ fontWeight: 500 }}>
          {labelText}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {files.length} of {max} · {rulesText('image')}
        </Typography>
      </Stack>
      <input
        ref={fileInput}
        id={id}
        type="file"
        multiple
        accept={acceptAttribute('image')}
        onChange={onPick}
        tabIndex={-1}
        aria-label={`Add images to ${labelText.toLowerCase()}`}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', pointerEvents: 'none' }}
      />
      <Box
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '1.5px dashed',
          borderColor: dragging ? 'primary.main' : formError || problems.length ? 'error.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: 1.5,
        }}
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: reorderAnnouncements(keys, titleOfKey), screenReaderInstructions: tileInstructions }}
        >
          <SortableContext items={keys} strategy={rectSortingStrategy}>
            <Box
              component="ol"
              aria-label={`${labelText}, in display order`}
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
              }}
            >
              {files.map((file, index) => (
                <GalleryTile
                  key={keys[index]}
                  sortId={keys[index] as string}
                  file={file}
                  index={index}
                  count={files.length}
                  idPrefix={`${baseId}-${index}`}
                  removeId={removeButtonId(baseId, index)}
                  onStep={(direction) => step(keys[index] as string, direction)}
                  onRemove={() => remove(index)}
                  onDescribe={(alt) => field.onChange(current().map((item, i) => (i === index ? { ...item, alt } : item)))}
                  onBlur={field.onBlur}
                />
              ))}
              {pending.map((upload) => (
                <Box
                  component="li"
                  key={upload.key}
                  sx={{
                    aspectRatio: '4 / 3',
                    borderRadius: 1.5,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'background.paper',
                    p: 1.25,
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'center',
                    gap: 1,
                  }}
                >
                  <Typography variant="caption" noWrap title={upload.name}>
                    {upload.name}
                  </Typography>
                  <LinearProgress variant="determinate" value={upload.percent} aria-label={`Uploading ${upload.name}`} />
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="caption" color="text.secondary">
                      {upload.percent}%
                    </Typography>
                    <Tooltip title="Cancel upload">
                      <IconButton size="small" aria-label={`Cancel upload of ${upload.name}`} onClick={() => upload.controller.abort()} sx={focusRing}>
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </Box>
              ))}
              {!full && (
                <Box component="li" sx={{ aspectRatio: '4 / 3' }}>
                  <Box
                    component="button"
                    type="button"
                    id={addButtonId(baseId)}
                    onClick={() => fileInput.current?.click()}
                    sx={{
                      width: '100%',
                      height: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      justifyContent: 'center',
                      gap: 0.5,
                      border: '1.5px dashed',
                      borderColor: 'primary.main',
                      borderRadius: 1.5,
                      bgcolor: 'transparent',
                      color: 'primary.main',
                      font: 'inherit',
                      cursor: 'pointer',
                      '&:hover': { bgcolor: 'action.hover' },
                      '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                    }}
                  >
                    <AddPhotoAlternateOutlinedIcon aria-hidden />
                    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                      Add images
                    </Typography>
                    <Typography variant="caption" component="span" color="text.secondary">
                      or drop them here
                    </Typography>
                  </Box>
                </Box>
              )}
            </Box>
          </SortableContext>
        </DndContext>
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {problems.length > 0 && (
        <FormHelperText error role="alert" component="div" sx={{ mx: 1.75 }}>
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </FormHelperText>
      )}
      {formError && (
        <FormHelperText error sx={{ mx: 1.75 }}>
          <InputHelperText error={formError} />
        </FormHelperText>
      )}
    </Box>
  );
}

interface GalleryTileProps {
  sortId: string;
  file: UploadedFile;
  index: number;
  count: number;
  idPrefix: string;
  removeId: string;
  onStep: (direction: -1 | 1) => void;
  onRemove: () => void;
  onDescribe: (alt: string | null) => void;
  onBlur: () => void;
}

function GalleryTile({ sortId, file, index, count, idPrefix, removeId, onStep, onRemove, onDescribe, onBlur }: GalleryTileProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortId });
  const title = fileTitle(file);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, zIndex: isDragging ? 2 : 'auto' }}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '4 / 3',
          borderRadius: 1.5,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          boxShadow: isDragging ? 6 : 0,
        }}
      >
        <Box component="img" src={file.src} alt={file.alt || title} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        <Box
          sx={{ position: 'absolute', top: 6, left: 6, px: 0.75, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', fontSize: 12, fontWeight: 600 }}
          aria-hidden
        >
          {index + 1}
        </Box>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: 0.5, justifyContent: 'space-between', background: 'linear-gradient(transparent, rgba(0,0,0,0.45))' }}
        >
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`Drag to reorder ${title}`}
            sx={{ ...tileButton, cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
          <Stack direction="row" spacing={0.5}>
            <Tooltip title="Move earlier">
              <span>
                <IconButton id={`${idPrefix}-up`} size="small" aria-label={`Move ${title} earlier`} disabled={index === 0} onClick={() => onStep(-1)} sx={tileButton}>
                  <KeyboardArrowLeftIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move later">
              <span>
                <IconButton
                  id={`${idPrefix}-down`}
                  size="small"
                  aria-label={`Move ${title} later`}
                  disabled={index === count - 1}
                  onClick={() => onStep(1)}
                  sx={tileButton}
                >
                  <KeyboardArrowRightIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Remove">
              <IconButton id={removeId} size="small" aria-label={`Remove ${title}`} onClick={onRemove} sx={tileButton}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      </Box>
      <AltTextInput id={`${idPrefix}-alt`} of={`image ${index + 1}, ${title}`} value={file.alt} onChange={onDescribe} onBlur={onBlur} />
    </Box>
  );
}
