import { useMediaQuery } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSidebarState } from 'react-admin';
import { DESKTOP_MEDIA_QUERY } from '../config';

// SPEC §4: collapsed or expanded on desktop (remembered by react-admin's store), open or closed on mobile
// (never remembered: a phone should not reopen on an overlay).
interface SidebarState {
  isDesktop: boolean;
  open: boolean;
  toggle: () => void;
  closeMobile: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useSidebarState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = useCallback(() => {
    if (isDesktop) setExpanded(!expanded);
    else setMobileOpen((open) => !open);
  }, [isDesktop, expanded, setExpanded]);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const value = useMemo(
    () => ({ isDesktop, open: isDesktop ? expanded : mobileOpen, toggle, closeMobile }),
    [isDesktop, expanded, mobileOpen, toggle, closeMobile],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarStateProvider>');
  return state;
}
