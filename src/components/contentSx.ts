// Styling shared by the content areas' lists and forms (blogs, projects, banners, careers).

// MUI's focus ripple is faint; keyboard users get a clear ring.
export const focusRingSx = {
  '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible, & [role="button"]:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
};

export const contentListSx = {
  '& .RaList-main': { mt: 1 },
  // The collapsed bulk toolbar is 0px tall but its buttons stayed in the tab order: invisible focus stops.
  '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
  ...focusRingSx,
};

export const contentFormSx = {
  p: 0,
  mt: 1,
  // Room for react-admin's save bar, fixed to the bottom of a phone screen.
  pb: { xs: 10, sm: 0 },
  ...focusRingSx,
};

/**
 * A table column of free text (a path, a department, a person's name): one word longer than the column (a 250-character
 * path) breaks where it must instead of stretching the table to thousands of pixels and pushing every row's status,
 * dates and actions out of view. `anywhere`, unlike `break-word`, also lowers the column's narrowest width, which is
 * what lets the table keep to its box; the minimum width keeps an ordinary word whole when another column is long.
 * Only free-text columns: with it on every cell, the table squeezed short ones ('Administr-ator', '127.0.0.-1').
 */
export const freeTextColumnSx = { overflowWrap: 'anywhere', minWidth: '8em' } as const;
