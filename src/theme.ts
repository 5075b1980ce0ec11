import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// SPEC §9: light and dark schemes with a green-teal primary palette.
// Shades picked so that text on them passes WCAG AA (white on #00695c is 6.6:1; #00201c on #4db6ac is 7.6:1), and so
// that they pass as text on the tints MUI lays under them: #00796b was 3.99:1 as the focused current menu item
// (on #cce4e1) and 4.3:1 as a focused filled field's label; MUI's red #d32f2f 4.36:1 as an error label on a filled
// field and 4.09:1 as the bulk Delete on its teal bar; its orange #ed6c02 3.11:1 under white (Overwrite with mine).
// Now 4.96, 5.35, 4.93, 4.63 and 5.02:1 (a new user's axe scans, 2026-11-29).
const shared: RaThemeOptions = {
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
    h1: { fontSize: '1.75rem', fontWeight: 600 },
  },
  components: {
    // react-admin labels its row checkboxes with aria-label, which MUI puts on the decorative <span> around the
    // <input>: screen readers then meet an unnamed checkbox (axe: 'label'). Move the name onto the input.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          // The table drawn while a list loads has unnamed 'select-all' checkboxes that select nothing (an outside
          // accessibility probe: axe 'label'): they are pictures of checkboxes, hidden from screen readers and Tab.
          input: (ownerState: { 'aria-label'?: string; className?: string }) =>
            ownerState['aria-label'] === undefined && /(^|\s)select-all(\s|$)/.test(ownerState.className ?? '')
              ? { 'aria-hidden': true, tabIndex: -1 }
              : { 'aria-label': ownerState['aria-label'] },
        },
      },
    },
    // The rich-text toolbar's pressed state (Bold on, a list on) is only a background tint, which forced colours
    // (Windows High Contrast) replace: there it is a thick outline in the system's highlight colour (an outside audit).
    MuiToggleButton: {
      styleOverrides: {
        root: {
          '@media (forced-colors: active)': {
            '&.Mui-selected': { outline: '3px solid Highlight', outlineOffset: '-3px' },
          },
        },
      },
    },
    // A confirmation opens on its safe choice. react-admin's autofocuses Confirm, so that a second Enter (a key bounce,
    // a double press) deleted a record for good (a keyboard probe, 2026-12-07): Cancel takes the focus as the dialog
    // comes in, and Confirm is a Tab away (WAI-ARIA APG, alert dialog).
    RaConfirm: {
      defaultProps: {
        TransitionProps: {
          onEntering: (node: HTMLElement) => node.querySelector<HTMLButtonElement>('.MuiDialogActions-root button:not(.ra-confirm)')?.focus(),
        },
      },
    },
    // Issue #8 item 3: a list never widens the page. Its main column may shrink below its content's width, and a
    // table with more columns than the window has room for scrolls inside its own box.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    // A phone's list: a word longer than the row (a 250-character SEO path) breaks instead of widening the page. In a
    // row's text a shorter word never breaks; in a table it could, so tables mark their free-text columns
    // (freeTextColumnSx in src/components/contentSx.ts).
    RaSimpleList: { styleOverrides: { root: { '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } } } },
    // With no row selected, react-admin folds a list's bulk-actions bar to no height but leaves its Unselect and
    // Delete buttons in the page: a keyboard user tabbed onto two buttons no one could see (WCAG 2.4.7), and the
    // hidden Delete lay over the last column's sort header (axe, target-size, Contact Form at 1280 px). Folded, the
    // bar is hidden outright; it shows again the moment a row is selected.
    RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    // A form's toolbar on the paper colour, not react-admin's grey: its red Delete text on grey fails WCAG AA
    // contrast (3.8:1 light, 4.4:1 dark). Every form gets it, whether or not it declares its own toolbar.
    RaToolbar: {
      styleOverrides: {
        root: ({ theme }: { theme: { palette: { background: { paper: string }; divider: string } } }) => ({
          backgroundColor: theme.palette.background.paper,
          borderTop: `1px solid ${theme.palette.divider}`,
        }),
      },
    },
    // A list's "Rows per page" select showed nothing when focused (a new user's keyboard probe: pixel-identical).
    MuiTablePagination: {
      styleOverrides: {
        select: ({ theme }: { theme: { palette: { primary: { main: string } } } }) => ({
          borderRadius: 4,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    // Keyboard focus (WCAG 2.4.7): MUI marks it with a faint ripple only, 1.3:1 against white on the side menu's items,
    // the sidebar and theme buttons and the user menu's button (whose ripple its own box also cut at the top and the
    // bottom). A ring in the primary colour (6.6:1 on white, 6.5:1 on the dark paper), for keyboard focus only
    // (Mui-focusVisible): a click looks as before. The ring replaces the ripple's pulsing disc (the cut one).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }: { theme: { palette: { primary: { main: string } } } }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '& .MuiTouchRipple-ripplePulsate': { display: 'none' },
        }),
      },
    },
    // Rows of a list or menu sit edge to edge in a box that cuts what passes its sides (the sidebar's drawer), and a
    // switch's knob in a box that cuts what passes its own: their ring is drawn inside.
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiSwitch: { styleOverrides: { switchBase: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { defaultProps: { elevation: 0 } },
  },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#00695c', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#2e7d32', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    background: { default: '#f3f7f6', paper: '#ffffff' },
  },
});

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#4db6ac', light: '#82e9de', dark: '#00867d', contrastText: '#00201c' },
    secondary: { main: '#81c784', contrastText: '#0b2010' },
    // MUI's default dark red (#f44336) reaches only 4.3:1 on our dark paper; this one reaches 7:1.
    error: { main: '#ff8a80', contrastText: '#2d0000' },
    background: { default: '#0f1716', paper: '#1a2422' },
  },
});
