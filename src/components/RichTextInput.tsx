import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import SubscriptIcon from '@mui/icons-material/Subscript';
import SuperscriptIcon from '@mui/icons-material/Superscript';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ImageIcon from '@mui/icons-material/Image';
import InsertLink from '@mui/icons-material/InsertLink';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  type Theme,
} from '@mui/material';
import type { DefaultEditorOptions, useTiptapEditor } from 'ra-input-rich-text';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Labeled, useDataProvider, useResourceContext, useTranslateLabel } from 'react-admin';
import type { CornerstoneDataProvider } from '../dataProvider';
import { acceptAttribute, checkFile, isAbort, uploadErrorMessage } from './imageInputRules';
import { pastedHtml, type LeftOut } from './pastedHtml';

type Editor = NonNullable<ReturnType<typeof useTiptapEditor>>;

// The commands below come from extensions whose type augmentations live in ra-input-rich-text's own copy of
// @tiptap, out of our reach; this is the slice of tiptap's chain API the toolbar uses.
interface Chain {
  focus(): Chain;
  setParagraph(): Chain;
  setHeading(attributes: { level: number }): Chain;
  extendMarkRange(mark: string): Chain;
  setLink(attributes: { href: string }): Chain;
  unsetLink(): Chain;
  setImage(attributes: { src: string; alt?: string }): Chain;
  setTextSelection(position: number): Chain;
  toggleBold(): Chain;
  toggleItalic(): Chain;
  toggleUnderline(): Chain;
  toggleStrike(): Chain;
  toggleMark(name: string): Chain;
  toggleBulletList(): Chain;
  toggleOrderedList(): Chain;
  toggleBlockquote(): Chain;
  clearNodes(): Chain;
  unsetAllMarks(): Chain;
  undo(): Chain;
  redo(): Chain;
  run(): boolean;
}
const chain = (editor: Editor): Chain => editor.chain() as unknown as Chain;
const can = (editor: Editor) => editor.can() as unknown as { undo(): boolean; redo(): boolean };

// The server keeps h2–h4 only (server/sanitize.ts): the page title is the h1, and colours or alignment would be
// stripped, so the editor does not offer them.
const HEADING_LEVELS = [2, 3, 4] as const;
type HeadingLevel = (typeof HEADING_LEVELS)[number];
const HEADING_NAMES: Record<HeadingLevel, string> = { 2: 'Heading', 3: 'Subheading', 4: 'Minor heading' };
const ALLOWED_EXTENSIONS = new Set(['starterKit', 'image']);

const editorExtensions = (defaults: typeof DefaultEditorOptions) =>
  (defaults.extensions ?? [])
  .filter((extension) => ALLOWED_EXTENSIONS.has(extension.name))
  .map((extension) =>
    extension.name === 'starterKit'
      ? extension.configure({
          heading: { levels: [...HEADING_LEVELS] },
          // Where a link opens is the website's decision, not the editor's: no target or rel of its own.
          link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null } },
          // No empty paragraph forced after a closing heading or list.
          trailingNode: false,
        })
      : extension,
  );

// Re-renders on every editor transaction, so toolbar state (active link, heading) follows the caret.
function useEditorTick(editor: Editor | null) {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', tick);
    return () => {
      editor.off('transaction', tick);
    };
  }, [editor]);
}

const currentLevel = (editor: Editor | null): HeadingLevel | 0 =>
  HEADING_LEVELS.find((level) => editor?.isActive('heading', { level })) ?? 0;

interface EditorProp {
  editor: Editor | null;
}

function HeadingSelect({ editor }: EditorProp) {
  useEditorTick(editor);
  const value = currentLevel(editor);
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      fullWidth={false}
      label="Text style"
      value={value}
      disabled={!editor?.isEditable}
      onChange={(event) => {
        if (!editor) return;
        const level = Number(event.target.value) as HeadingLevel | 0;
        if (level === 0) chain(editor).focus().setParagraph().run();
        else chain(editor).focus().setHeading({ level }).run();
      }}
      sx={{ width: 170, flexShrink: 0, '& .MuiInputBase-root': { height: 34 } }}
    >
      <MenuItem value={0}>Paragraph</MenuItem>
      {HEADING_LEVELS.map((level) => (
        <MenuItem key={level} value={level}>
          {HEADING_NAMES[level]}
        </MenuItem>
      ))}
    </TextField>
  );
}

// What the API keeps (server/sanitize.ts): a link to the web, a path on this site, an email, a phone or an anchor; an
// image from the web or this site.
const LINK_ADDRESS = /^(https?:\/\/|\/|mailto:|tel:|#)/i;
const IMAGE_ADDRESS = /^(https?:\/\/|\/)/i;

interface UrlDialogProps {
  open: boolean;
  title: string;
  urlLabel: string;
  initialUrl: string;
  extraLabel?: string;
  /** Under the address: what it may be. */
  urlHint: string;
  /** What an address must start with, and the message when it does not. */
  urlPattern: RegExp;
  urlError: string;
  /** An image dialog can upload one from this computer: its address is filled in once stored. */
  upload?: boolean;
  /** A file pasted or dropped into the editor: the dialog opens uploading it. */
  initialFile?: File;
  /** Said at the top of the dialog (files given with it that it does not take). */
  note?: string;
  onClose: () => void;
  onSubmit: (url: string, extra: string) => void;
  onRemove?: () => void;
}

// window.prompt is not styled, not translatable and blocked in some browsers: a small dialog instead.
function UrlDialog(props: UrlDialogProps) {
  const titleId = useId();
  const urlField = useRef<HTMLInputElement>(null);
  const extraField = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      // The address field is what the dialog is for: focus it once the dialog is shown. With a pasted or dropped file
      // the address fills itself, and what is left to write is the alternative text.
      slotProps={{ transition: { onEntered: () => (props.initialFile && extraField.current ? extraField : urlField).current?.focus() } }}
    >
      {/* Mounted only while open, so every opening starts from the current link. */}
      {props.open && <UrlForm {...props} titleId={titleId} urlField={urlField} extraField={extraField} />}
    </Dialog>
  );
}

function UrlForm({
  title,
  urlLabel,
  initialUrl,
  extraLabel,
  urlHint,
  urlPattern,
  urlError,
  upload,
  initialFile,
  note,
  onClose,
  onSubmit,
  onRemove,
  titleId,
  urlField,
  extraField,
}: UrlDialogProps & { titleId: string; urlField: RefObject<HTMLInputElement | null>; extraField: RefObject<HTMLInputElement | null> }) {
  const [url, setUrl] = useState(initialUrl);
  const [extra, setExtra] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const dataProvider = useDataProvider<CornerstoneDataProvider>();
  const fileInput = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  // Closing the dialog cancels an upload nobody will use.
  useEffect(() => () => running.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // never submit the record's form around it
    if (uploading) return;
    const value = url.trim();
    if (!urlPattern.test(value)) {
      setError(urlError);
      return;
    }
    onSubmit(value, extra.trim());
  };

  const uploadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await uploadOne(file);
  };

  const uploadOne = async (file: File) => {
    const refusal = checkFile(file, 'image');
    if (refusal) {
      setError(`${file.name}: ${refusal}`);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setUploading(file.name);
    try {
      const stored = await dataProvider.upload(file, () => undefined, controller.signal);
      setUrl(stored.src);
      // The file's name says little to someone who cannot see the image: the alternative text stays theirs to write.
    } catch (failure) {
      if (!isAbort(failure)) setError(`${file.name}: ${uploadErrorMessage(failure, 'image')}`);
    } finally {
      // An upload cancelled for another (StrictMode's second mount) leaves that one's progress shown.
      if (running.current === controller) {
        running.current = null;
        setUploading(null);
      }
    }
  };

  // The pasted or dropped file's upload, as the dialog opens with it (the form is mounted only while it is open).
  const firstFile = useRef(initialFile);
  useEffect(() => {
    if (firstFile.current) void uploadOne(firstFile.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, []);

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {note && (
          <Alert severity="info" role="status">
            {note}
          </Alert>
        )}
        <TextField
          inputRef={urlField}
          label={urlLabel}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? (uploading ? `Uploading ${uploading}…` : urlHint)}
          fullWidth
          variant="outlined"
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
        {upload && (
          <>
            <input ref={fileInput} type="file" accept={acceptAttribute('image')} hidden onChange={(event) => void uploadFile(event)} />
            <Button
              variant="outlined"
              startIcon={<CloudUploadOutlined />}
              onClick={() => fileInput.current?.click()}
              disabled={uploading !== null}
              sx={{ alignSelf: 'flex-start' }}
            >
              Upload from this device
            </Button>
            {uploading && <LinearProgress aria-label={`Uploading ${uploading}`} />}
          </>
        )}
        {extraLabel && (
          <TextField
            inputRef={extraField}
            label={extraLabel}
            value={extra}
            onChange={(event) => setExtra(event.target.value)}
            helperText="Describes the image for people who cannot see it"
            fullWidth
            variant="outlined"
          />
        )}
      </DialogContent>
      <DialogActions>
        {onRemove && (
          <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
            Remove link
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={uploading !== null}>
          Apply
        </Button>
      </DialogActions>
    </form>
  );
}

interface Tool {
  key: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  // Toggles (bold, a list) say whether they are on; actions (undo, insert) do not.
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

function ToolGroup({ label, tools }: { label: string; tools: Tool[] }) {
  return (
    <ToggleButtonGroup size="small" aria-label={label} value={tools.filter((tool) => tool.active).map((tool) => tool.key)}>
      {tools.map((tool) => (
        <ToggleButton
          key={tool.key}
          value={tool.key}
          aria-label={tool.label}
          aria-pressed={tool.active === undefined ? undefined : tool.active}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
          disabled={tool.disabled}
          onClick={tool.run}
        >
          {tool.icon}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

// What the editor's paste and drop handlers tell its toolbar (LazyEditor, below).
const FILES_GIVEN = 'files-given';
const PICTURES_LEFT_OUT = 'pictures-left-out';
interface GivenFiles {
  files: File[];
  /** Where they were dropped; a paste goes where the cursor is. */
  at?: number;
}

/**
 * Files pasted or dropped on their own (a screenshot, a photo dragged from the desktop): the editor had no use for
 * them, so a screenshot pasted nothing and a photo dropped on the text opened in the tab, leaving the form (an
 * outside probe). With a document's HTML (Word's, a web page's) they are a rendering of it: the HTML is pasted.
 */
function givenFiles(data: DataTransfer | null): File[] {
  if (!data || data.files.length === 0 || data.types.includes('text/html')) return [];
  return [...data.files];
}

const leftOutNotice = ({ unloadable, inTables }: LeftOut): string =>
  [
    unloadable === 1
      ? 'A picture in what you pasted was left out: it was a file on your computer or inside the document, which the website cannot load.'
      : unloadable > 1
        ? `${unloadable} pictures in what you pasted were left out: they were files on your computer or inside the document, which the website cannot load.`
        : '',
    inTables === 1
      ? 'A picture inside a pasted table was left out: the text keeps a table as its rows of words.'
      : inTables > 1
        ? `${inTables} pictures inside a pasted table were left out: the text keeps a table as its rows of words.`
        : '',
    `Add ${unloadable + inTables === 1 ? 'it' : 'them'} with Insert an image.`,
  ]
    .filter(Boolean)
    .join(' ');

/** The file a paste or a drop gives the image dialog: the first image among them, else the first (which it refuses). */
const firstImage = (files: readonly File[]): File => files.find((file) => file.type.startsWith('image/')) ?? files[0]!;

function Toolbar({ editor, label, events }: EditorProp & { label: string; events: EventTarget }) {
  useEditorTick(editor);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // A file pasted or dropped into the text: the image dialog opens uploading it, for its alternative text.
  const [given, setGiven] = useState<{ file: File; at?: number; note?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const onFiles = (event: Event) => {
      const { files, at } = (event as CustomEvent<GivenFiles>).detail;
      const file = firstImage(files);
      // Said in the dialog: the page behind it is hidden from screen readers while it is open (a review).
      const note = files.length > 1 ? `Only ${file.name} is being added: add the other ${files.length === 2 ? 'file' : `${files.length - 1} files`} one at a time with Insert an image.` : undefined;
      setGiven({ file, at, note });
      setDialog('image');
      setNotice(null);
    };
    const onLeftOut = (event: Event) => setNotice(leftOutNotice((event as CustomEvent<LeftOut>).detail));
    events.addEventListener(FILES_GIVEN, onFiles);
    events.addEventListener(PICTURES_LEFT_OUT, onLeftOut);
    return () => {
      events.removeEventListener(FILES_GIVEN, onFiles);
      events.removeEventListener(PICTURES_LEFT_OUT, onLeftOut);
    };
  }, [events]);
  const editable = Boolean(editor?.isEditable);
  const on = (name: string) => editor?.isActive(name) ?? false;
  const run = (command: (chain: Chain) => Chain) => () => {
    if (editor) command(chain(editor).focus()).run();
  };
  const linkActive = on('link');
  const canLink = editor ? !editor.state.selection.empty || linkActive : false;
  const href = (editor?.getAttributes('link').href as string | undefined) ?? '';
  const linkLabel = linkActive ? 'Edit link' : 'Add a link';

  const marks: Tool[] = [
    { key: 'bold', label: 'Bold', shortcut: 'Ctrl+B', icon: <FormatBold fontSize="inherit" />, run: run((c) => c.toggleBold()) },
    { key: 'italic', label: 'Italic', shortcut: 'Ctrl+I', icon: <FormatItalic fontSize="inherit" />, run: run((c) => c.toggleItalic()) },
    {
      key: 'underline',
      label: 'Underline',
      shortcut: 'Ctrl+U',
      icon: <FormatUnderlined fontSize="inherit" />,
      run: run((c) => c.toggleUnderline()),
    },
    {
      key: 'strike',
      label: 'Strikethrough',
      shortcut: 'Ctrl+Shift+S',
      icon: <FormatStrikethrough fontSize="inherit" />,
      run: run((c) => c.toggleStrike()),
    },
    {
      key: 'superscript',
      label: 'Superscript',
      shortcut: 'Ctrl+.',
      icon: <SuperscriptIcon fontSize="inherit" />,
      run: run((c) => c.toggleMark('superscript')),
    },
    {
      key: 'subscript',
      label: 'Subscript',
      shortcut: 'Ctrl+,',
      icon: <SubscriptIcon fontSize="inherit" />,
      run: run((c) => c.toggleMark('subscript')),
    },
  ].map((tool) => ({ ...tool, active: on(tool.key), disabled: !editable }));

  const blocks: Tool[] = [
    { key: 'bulletList', label: 'Bulleted list', icon: <FormatListBulleted fontSize="inherit" />, run: run((c) => c.toggleBulletList()) },
    { key: 'orderedList', label: 'Numbered list', icon: <FormatListNumbered fontSize="inherit" />, run: run((c) => c.toggleOrderedList()) },
    { key: 'blockquote', label: 'Blockquote', icon: <FormatQuote fontSize="inherit" />, run: run((c) => c.toggleBlockquote()) },
  ].map((tool) => ({ ...tool, active: on(tool.key), disabled: !editable }));

  const inserts: Tool[] = [
    {
      key: 'link',
      label: linkLabel,
      // In the tooltip: the button stays disabled until there is text to turn into a link.
      shortcut: canLink ? undefined : 'select some text first',
      icon: <InsertLink fontSize="inherit" />,
      active: linkActive,
      disabled: !editable || !canLink,
      run: () => setDialog('link'),
    },
    { key: 'image', label: 'Insert an image', icon: <ImageIcon fontSize="inherit" />, disabled: !editable, run: () => setDialog('image') },
  ];

  const history: Tool[] = [
    { key: 'clear', label: 'Clear formatting', icon: <FormatClear fontSize="inherit" />, disabled: !editable, run: run((c) => c.clearNodes().unsetAllMarks()) },
    {
      key: 'undo',
      label: 'Undo',
      shortcut: 'Ctrl+Z',
      icon: <Undo fontSize="inherit" />,
      disabled: !editable || !editor || !can(editor).undo(),
      run: run((c) => c.undo()),
    },
    {
      key: 'redo',
      label: 'Redo',
      shortcut: 'Ctrl+Shift+Z',
      icon: <Redo fontSize="inherit" />,
      disabled: !editable || !editor || !can(editor).redo(),
      run: run((c) => c.redo()),
    },
  ];

  return (
    <>
    <Box
      role="toolbar"
      aria-label={`${label} formatting`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        pt: 1,
        mb: 1,
        '& .MuiToggleButton-root': { p: 0.75, fontSize: '1.15rem' },
      }}
    >
      <HeadingSelect editor={editor} />
      <ToolGroup label="Text" tools={marks} />
      <ToolGroup label="Blocks" tools={blocks} />
      <ToolGroup label="Insert" tools={inserts} />
      <ToolGroup label="History" tools={history} />
      <UrlDialog
        open={dialog === 'link'}
        title={linkLabel}
        urlLabel="Link address"
        initialUrl={href}
        urlHint="https://… or a path on this site, like /projects"
        urlPattern={LINK_ADDRESS}
        urlError="Enter a web address (https://…) or a path starting with /"
        onClose={() => setDialog(null)}
        onSubmit={(url) => {
          setDialog(null);
          if (editor) chain(editor).focus().extendMarkRange('link').setLink({ href: url }).run();
        }}
        onRemove={
          linkActive
            ? () => {
                setDialog(null);
                if (editor) chain(editor).focus().extendMarkRange('link').unsetLink().run();
              }
            : undefined
        }
      />
      <UrlDialog
        open={dialog === 'image'}
        title="Insert an image"
        urlLabel="Image address"
        initialUrl=""
        extraLabel="Alternative text"
        urlHint="Upload one, or give its address: https://… or a path on this site, like /api/uploads/…"
        urlPattern={IMAGE_ADDRESS}
        urlError="Enter an image's web address (https://…) or a path starting with /"
        upload
        initialFile={given?.file}
        note={given?.note}
        onClose={() => {
          setDialog(null);
          setGiven(null);
        }}
        onSubmit={(src, alt) => {
          setDialog(null);
          setGiven(null);
          if (!editor) return;
          const at = chain(editor).focus();
          (given?.at === undefined ? at : at.setTextSelection(given.at)).setImage({ src, alt }).run();
        }}
      />
    </Box>
    {/* Mounted while empty: a screen reader hears text added to a region it knows (LoadingOverlay.tsx says why). */}
    <div role="status" aria-live="polite">
      {notice && (
        <Alert severity="info" role="none" onClose={() => setNotice(null)} sx={{ mb: 1 }}>
          {notice}
        </Alert>
      )}
    </div>
    </>
  );
}

interface RichTextInputProps {
  source: string;
  label?: string;
  helperText?: ReactNode;
}

interface EditorInputProps extends RichTextInputProps {
  name: string;
}

const editorSx = (theme: Theme) => ({
  mb: 2,
  '& .RaLabeled-label': { mb: 1, fontWeight: 500 },
  '& .ProseMirror': {
    minHeight: MIN_HEIGHT,
    maxHeight: '70vh',
    overflowY: 'auto',
    px: 2,
    py: 1.5,
    lineHeight: 1.6,
    bgcolor: 'background.paper',
    '&:hover': { bgcolor: 'background.paper', borderColor: 'text.primary' },
    '&:focus': { bgcolor: 'background.paper' },
    '&:focus-visible': {
      outline: `2px solid ${theme.palette.primary.main}`,
      outlineOffset: 1,
      borderColor: 'primary.main',
    },
    '& h2': { fontSize: '1.5rem', fontWeight: 600, m: '0.75em 0 0.4em' },
    '& h3': { fontSize: '1.25rem', fontWeight: 600, m: '0.75em 0 0.4em' },
    '& h4': { fontSize: '1.05rem', fontWeight: 600, m: '0.75em 0 0.4em' },
    '& blockquote': { borderLeft: 3, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
    '& a': { color: 'primary.main' },
    '& img': { maxWidth: '100%', height: 'auto' },
  },
  '& .ra-rich-text-input-error': { color: 'error.main' },
});

const MIN_HEIGHT = 240;

// tiptap and ProseMirror weigh more than the rest of a form: they load with the first editor on screen, not with
// every list.
const LazyEditor = lazy(async () => {
  const [rich, shifted, echo] = await Promise.all([import('ra-input-rich-text'), import('./richTextMarks'), import('./richTextEcho')]);
  const extensions = [...editorExtensions(rich.DefaultEditorOptions), shifted.Superscript, shifted.Subscript, echo.FormEcho];

  function ConnectedToolbar({ label, events }: { label: string; events: EventTarget }) {
    const editor = rich.useTiptapEditor();
    return <Toolbar editor={editor} label={label} events={events} />;
  }

  function Editor({ source, label, helperText, name }: EditorInputProps) {
    // From the editor's paste and drop handlers to its toolbar, which shows the dialog and the notices.
    const [events] = useState(() => new EventTarget());
    const editorOptions = useMemo(() => {
      const give = (files: File[], at?: number) => {
        if (files.length === 0) return false;
        events.dispatchEvent(new CustomEvent<GivenFiles>(FILES_GIVEN, { detail: { files, at } }));
        return true;
      };
      return {
        ...rich.DefaultEditorOptions,
        extensions,
        editorProps: {
          attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': name },
          // A document pasted from Word or Google Docs keeps its tables' words, its headings and no broken images,
          // and the person hears of the pictures it could not keep.
          transformPastedHTML: (html: string) =>
            pastedHtml(html, (pictures) => events.dispatchEvent(new CustomEvent<LeftOut>(PICTURES_LEFT_OUT, { detail: pictures }))),
          handlePaste: (_view: unknown, event: ClipboardEvent) => give(givenFiles(event.clipboardData)),
          // A drop handled here is not the browser's: a file dropped on the text no longer opens in the tab.
          handleDrop: (view: { posAtCoords(coords: { left: number; top: number }): { pos: number } | null }, event: DragEvent, _slice: unknown, moved: boolean) =>
            !moved && give(givenFiles(event.dataTransfer), view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos),
        },
      };
    }, [name, events]);
    return (
      <rich.RichTextInput
        id={`rich-text-${source}`}
        source={source}
        label={label}
        helperText={helperText}
        fullWidth
        editorOptions={editorOptions}
        toolbar={<ConnectedToolbar label={name} events={events} />}
        sx={editorSx}
      />
    );
  }
  return { default: Editor };
});

function EditorPlaceholder({ source, label }: RichTextInputProps) {
  return (
    <Labeled source={source} label={label} fullWidth sx={{ mb: 2 }}>
      <Box aria-busy="true">
        <Skeleton variant="rounded" height={34} sx={{ mb: 1, maxWidth: 520 }} />
        <Skeleton variant="rounded" height={MIN_HEIGHT} />
      </Box>
    </Labeled>
  );
}

// ra-input-rich-text's editor with the toolbar our sanitizer agrees with, full width, a comfortable writing area,
// and an accessible name on the editable region itself.
export function RichTextInput({ source, label, helperText }: RichTextInputProps) {
  const resource = useResourceContext();
  const translateLabel = useTranslateLabel();
  const name = String(translateLabel({ label, source, resource }));
  return (
    <ErrorBoundary
      fallback={
        // A chunk that fails to load (a deploy replaced it, the network dropped) must not take the form down;
        // the field keeps its stored value and is saved unchanged.
        <Labeled source={source} label={label} fullWidth sx={{ mb: 2 }}>
          <Alert severity="warning">The text editor could not be loaded. Reload the page to edit {name}.</Alert>
        </Labeled>
      }
    >
      <Suspense fallback={<EditorPlaceholder source={source} label={label} />}>
        <LazyEditor source={source} label={label} helperText={helperText} name={name} />
      </Suspense>
    </ErrorBoundary>
  );
}
