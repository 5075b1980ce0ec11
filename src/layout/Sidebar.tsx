import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Toolbar, useTheme } from '@mui/material';
import { config, HEADER_LOGO_WIDTH_PX } from '../config';
import { Logo } from '../components/Logo';
import { HEADER_HEIGHT_PX } from './Header';
import { Menu } from './Menu';
import { useSidebar } from './sidebarState';

export const SIDEBAR_WIDTH_PX = 264;
export const SIDEBAR_COLLAPSED_WIDTH_PX = 64;

// SPEC §2: collapsible from 1025px up; below that a mobile overlay closed by a click on the overlay or Escape
// (MUI's temporary Drawer closes on both).
export function Sidebar() {
  const { isDesktop, open, closeMobile } = useSidebar();
  const dark = useTheme().palette.mode === 'dark';

  if (!isDesktop) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={closeMobile}
        ModalProps={{ keepMounted: false }}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_PX }, 'aria-label': 'Sidebar' } as object }}
      >
        <Toolbar sx={{ justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider', minHeight: HEADER_HEIGHT_PX }}>
          <Logo width={HEADER_LOGO_WIDTH_PX} alt={config.productName} dark={dark} />
          <IconButton onClick={closeMobile} aria-label="Close menu" edge="end">
            <CloseIcon />
          </IconButton>
        </Toolbar>
        <Box sx={{ py: 1 }}>
          <Menu dense={false} onNavigate={closeMobile} />
        </Box>
      </Drawer>
    );
  }

  const width = open ? SIDEBAR_WIDTH_PX : SIDEBAR_COLLAPSED_WIDTH_PX;
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          top: HEADER_HEIGHT_PX,
          height: `calc(100% - ${HEADER_HEIGHT_PX}px)`,
          overflowX: 'hidden',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
      data-state={open ? 'expanded' : 'collapsed'}
    >
      <Box sx={{ py: 1 }}>
        <Menu dense={!open} />
      </Box>
    </Drawer>
  );
}
