import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../config';
import { breadcrumbTrail, findTrail, menu } from './menu';

// SPEC §2: the last two matching menu levels, and the page title '{menu title} | {product} Dashboard'.
export function Breadcrumb() {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(menu, pathname);
  const current = findTrail(menu, pathname).at(-1);

  useEffect(() => {
    document.title = pageTitle(current?.title ?? 'Dashboard');
  }, [current]);

  if (trail.length === 0 || current?.breadcrumbs === false) return null;
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      separator={<NavigateNextIcon fontSize="small" aria-hidden />}
      sx={{ py: 1.5 }}
    >
      {trail.map((item, index) => {
        const last = index === trail.length - 1;
        if (last) {
          return (
            <Typography key={item.id} color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
              {item.title}
            </Typography>
          );
        }
        return item.url ? (
          <MuiLink key={item.id} component={Link} to={item.url} underline="hover" color="text.secondary">
            {item.title}
          </MuiLink>
        ) : (
          <Typography key={item.id} color="text.secondary">
            {item.title}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
}
