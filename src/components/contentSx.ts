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

// Text in a phone row wraps within the row instead of widening the page.
export const phoneListSx = { '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } };
