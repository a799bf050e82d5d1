import { Button, CssBaseline, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the theme', () => {
  it('CONST-23: a default button is 52 px high; a small one is not', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained">Continue</Button>
        <Button size="small">Small</Button>
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByRole('button', { name: 'Continue' })).minHeight).toBe(
      '52px',
    );
    expect(getComputedStyle(screen.getByRole('button', { name: 'Small' })).minHeight).not.toBe(
      '52px',
    );
  });

  it('CONST-24: the page font is DM Sans', () => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
      </ThemeProvider>,
    );
    expect(getComputedStyle(document.body).fontFamily).toMatch(/^"?DM Sans"?,/);
  });
});
