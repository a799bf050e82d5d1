import { createTheme } from '@mui/material/styles';

export const SIDEBAR_WIDTH_SMALL = 64;
export const SIDEBAR_WIDTH_MEDIUM = 220;

/** Spec section 9: DM Sans, default button height 52px. Colours keep WCAG AA contrast. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1d3f72' },
    secondary: { main: '#8a4b08' },
    background: { default: '#f6f7f9' },
  },
  typography: {
    fontFamily: '"DM Sans", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: {
      styleOverrides: {
        root: {
          minHeight: 52,
          variants: [{ props: { size: 'small' }, style: { minHeight: 36 } }],
        },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
    },
  },
});
