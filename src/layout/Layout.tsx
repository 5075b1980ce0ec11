import { Box, useTheme } from '@mui/material';
import { Suspense, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, Loading, SkipNavigationButton } from 'react-admin';
import { setColorScheme } from '../colorScheme';
import { Breadcrumb } from './Breadcrumb';
import { useFocusRescue } from './focusRescue';
import { Footer } from './Footer';
import { Header, HEADER_HEIGHT_PX } from './Header';
import { Sidebar } from './Sidebar';
import { SignOutQuestion } from './signOut';
import { SidebarStateProvider } from './sidebarState';

// SPEC §2, the shell: header, sidebar with the menu, breadcrumb, the routed page, footer.
export function Layout({ children }: { children: ReactNode }) {
  const mode = useTheme().palette.mode;
  useEffect(() => setColorScheme(mode), [mode]);
  useFocusRescue();
  return (
    <SidebarStateProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <SkipNavigationButton />
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
