import { createTheme, decomposeColor, getContrastRatio, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaWrapper, fakeApi } from '../../components/sortableListTesting';
import { darkTheme, lightTheme } from '../../theme';
import { PartnerList } from './PartnerList';

afterEach(() => vi.unstubAllGlobals());

// A colour (hex, rgb() or rgba()) laid over an opaque one, as channels 0-255.
function blend(color: string, under: number[]): number[] {
  const { values } = decomposeColor(color);
  const alpha = values[3] ?? 1;
  return [0, 1, 2].map((index) => (values[index] ?? 0) * alpha + (under[index] ?? 0) * (1 - alpha));
}

// WCAG's contrast ratio of two opaque colours.
const contrast = (one: number[], other: number[]) => getContrastRatio(`rgb(${one.join(', ')})`, `rgb(${other.join(', ')})`);

describe('PartnerList', () => {
  for (const [name, theme] of [['light', lightTheme], ['dark', darkTheme]] as const) {
    it(`shows the placeholder of a partner without a logo in the ${name} theme (it was white on white in the dark one)`, async () => {
      fakeApi({ partners: [{ id: 1, name: 'Northgate Developments', logo: null, website: null, active: true, position: 1 }] });
      const muiTheme = createTheme(theme);
      render(
        <AreaWrapper resource="partners">
          <ThemeProvider theme={muiTheme}>
            <PartnerList />
          </ThemeProvider>
        </AreaWrapper>,
      );
      await screen.findByText('Northgate Developments');
      const tile = screen.getByTestId('HandshakeOutlinedIcon').parentElement;
      if (!tile) throw new Error('no tile');
      const style = getComputedStyle(tile);
      // The tile is laid on the list's paper.
      const paper = blend(muiTheme.palette.background.paper, [0, 0, 0]);
      const background = blend(style.backgroundColor, paper);
      const icon = blend(style.color, background);
      // WCAG 1.4.11: a graphic that says something (no logo yet) stands out at 3:1.
      expect(contrast(icon, background)).toBeGreaterThanOrEqual(3);
    });
  }
});
