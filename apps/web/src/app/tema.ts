import { createTheme } from '@mui/material';
import { ptBR } from '@mui/material/locale';

const AZUL_INSTITUCIONAL = '#0d3b73';
const CONTORNO_FOCO = '#b3470c';

export const tema = createTheme(
  {
    palette: {
      primary: { main: AZUL_INSTITUCIONAL, dark: '#082a54', light: '#3a6aa6', contrastText: '#ffffff' },
      secondary: { main: '#4a5a6a', contrastText: '#ffffff' },
      background: { default: '#f3f5f8', paper: '#ffffff' },
      text: { primary: '#1b2430', secondary: '#4a5563' },
    },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
      h1: { fontWeight: 600 },
      h2: { fontWeight: 600 },
      h3: { fontWeight: 600 },
      h4: { fontWeight: 600, fontSize: '1.9rem' },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 6 },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // "body" raises the specificity above MUI's own `outline: 0` on buttons; text fields show focus by their border.
          'body :focus-visible:not(.MuiInputBase-input), body .Mui-focusVisible': {
            outline: `3px solid ${CONTORNO_FOCO}`,
            outlineOffset: 2,
          },
          // The switch clips its thumb; the ring goes around the whole switch instead.
          'body .MuiSwitch-switchBase.Mui-focusVisible': { outline: 'none' },
          'body .MuiSwitch-root:has(.Mui-focusVisible)': {
            outline: `3px solid ${CONTORNO_FOCO}`,
            outlineOffset: 0,
            borderRadius: 16,
          },
          'body .MuiAppBar-root :focus-visible, body .MuiAppBar-root .Mui-focusVisible': { outlineColor: '#ffffff' },
          'body [tabindex="-1"]:focus': { outline: 'none' },
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              transitionDuration: '0.01ms !important',
            },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  },
  ptBR,
);
