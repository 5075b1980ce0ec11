import { Box, GlobalStyles, useTheme } from '@mui/material';
import { Suspense, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, Loading } from 'react-admin';
import { setColorScheme } from '../colorScheme';
import { Breadcrumb } from './Breadcrumb';
import { useFocusRescue } from './focusRescue';
import { Footer } from './Footer';
import { Header, HEADER_HEIGHT_PX } from './Header';
import { Sidebar } from './Sidebar';
import { SignOutQuestion } from './signOut';
import { SkipLink } from './SkipLink';
import { SidebarStateProvider } from './sidebarState';

// The page scrolls a focused control clear of the fixed header, and of a form's save bar at the foot of the window
// (fixed on a phone, sticky above): Tab and Shift+Tab left fields under either (WCAG 2.4.11, a new user's keyboard
// probe). The save bar is at most 80 px high with its margin. The header's height is also told to the notification
// area, which lies outside the shell and sits below the header while there is one (NotificationArea.css).
const SHELL_GLOBALS = {
  html: { scrollPaddingTop: HEADER_HEIGHT_PX + 8, scrollPaddingBottom: 88, '--console-header-height': `${HEADER_HEIGHT_PX}px` },
};

// SPEC §2, the shell: header, sidebar with the menu, breadcrumb, the routed page, footer.
export function Layout({ children }: { children: ReactNode }) {
  const mode = useTheme().palette.mode;
  useEffect(() => setColorScheme(mode), [mode]);
  useFocusRescue();
  return (
    <SidebarStateProvider>
      <GlobalStyles styles={SHELL_GLOBALS} />
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <SkipLink />
        <Header />
        <Sidebar />
        <Box
          component="main"
          id="main-content"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            pt: `${HEADER_HEIGHT_PX}px`,
            px: { xs: 2, md: 3 },
          }}
        >
          <Breadcrumb />
          <ErrorBoundary
            fallbackRender={({ error, resetErrorBoundary }) => (
              <ErrorPage error={error as Error} resetErrorBoundary={resetErrorBoundary} />
            )}
          >
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </ErrorBoundary>
          <Footer />
        </Box>
        <SignOutQuestion />
      </Box>
    </SidebarStateProvider>
  );
}
