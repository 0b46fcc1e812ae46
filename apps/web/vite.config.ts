import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './precomprimir.ts';

/**
 * Issue 23: each file costs its headers (almost 1 KB before the page-only security headers were left off the built
 * files; ~0.3 KB now) and compresses on its own, so a screen of forty small files paid tens of KB for the split alone.
 * Modules that always come together go out as one file:
 * - `campo`: the parts of an outlined text field and the small MUI utilities that Tooltip, Popper and the fields
 *   share (Portal, useControlled, slot props...; those of the first screen stay in its file), with CampoTextoLeve and
 *   the light list (ListaSuspensa, which Paginacao uses): the first screens' fields;
 * - `campos`: TextField with its Select, menu and modal (~20 KB), which only the loaded fields, the selects and the
 *   dialogs need (CampoTextoLeve stands in for TextField at first paint);
 * - `tabela`: the table, its chips, the deadline's badge and the pt-BR dates (home, postal box, document page);
 *   `tabela-paginada`: what a paged, sortable list adds (postal box, search results);
 * - `marcacao`: checkboxes and switches with their labels (the opening form, the postal box);
 * - `filtros`: the light stand-ins of the filter forms (date, entity and id fields, the date range, the search footer)
 *   that Busca, the postal box and the opening form share;
 * - the icons shared by several screens; zod.
 * isMuiElement, which the form control and the grid share, stays apart: in the field's file it would bring that file
 * to screens with no field (/home).
 */
const MUI = 'node_modules[\\\\/]@mui[\\\\/](?:material|utils)[\\\\/]';
const WEB = 'apps[\\\\/]web[\\\\/]src[\\\\/]';
const CAMPO = new RegExp(
  `(?:${MUI}(?:FormControl|FormLabel|FormHelperText|InputLabel|OutlinedInput|InputAdornment|Portal|Grow|useControlled|mergeSlotProps|useSlotProps|utils)[\\\\/]|node_modules[\\\\/]@mui[\\\\/]utils[\\\\/](?!isMuiElement)|${WEB}components[\\\\/](?:CampoTextoLeve|ListaSuspensa)\\.)`,
);
const CAMPOS = new RegExp(
  `${MUI}(?:TextField|Select|NativeSelect|Menu|MenuList|MenuItem|Popover|Modal|Backdrop|Fade|FilledInput|Input|Unstable_TrapFocus|useRovingTabIndex)[\\\\/]`,
);
const TABELA = new RegExp(
  `(?:${MUI}(?:Table|TableBody|TableCell|TableContainer|TableHead|TableRow|Chip)[\\\\/]|node_modules[\\\\/]dayjs[\\\\/]locale[\\\\/]pt-br|${WEB}(?:components[\\\\/](?:Tabela|SeloEstadoPrazo)|lib[\\\\/]formatacao)\\.)`,
);
const TABELA_PAGINADA = new RegExp(
  `(?:${MUI}TableSortLabel[\\\\/]|${WEB}components[\\\\/](?:Paginacao|CabecalhoOrdenavel|regiao-rolavel)\\.)`,
);
const FILTROS = new RegExp(
  `${WEB}components[\\\\/](?:entrada-autocomplete-leve|SelecaoPorIdLeve|CampoDataLeve|IntervaloDatas|RodapeBusca)\\.`,
);
const MARCACAO = new RegExp(`${MUI}(?:Checkbox|Switch|internal[\\\\/]SwitchBase|FormControlLabel)[\\\\/.]`);

// React Router 7's package exports resolve to its development build whatever the mode (remix-run/react-router#12532,
// #14102): its dev warnings would ship and run in production. The build takes the production one, same API.
const PASTA_REACT_ROUTER = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const REACT_ROUTER_PRODUCAO = [
  { find: /^react-router\/dom$/, replacement: join(PASTA_REACT_ROUTER, 'dist/production/dom-export.mjs') },
  { find: /^react-router$/, replacement: join(PASTA_REACT_ROUTER, 'dist/production/index.mjs') },
];

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  resolve: command === 'build' ? { alias: REACT_ROUTER_PRODUCAO } : {},
  plugins: [react(), precomprimir()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // What the first screen always loads goes out as one file: split by what shares it, it made some thirty small
    // files, and each compresses on its own (issue 23: 15 KB more per screen, brotli).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'nucleo', tags: ['$initial'], priority: 3 },
            { name: 'isMuiElement', test: /node_modules[\\/]@mui[\\/]utils[\\/]isMuiElement[\\/]/, priority: 3 },
            { name: 'campo', test: CAMPO, priority: 2 },
            { name: 'campos', test: CAMPOS, priority: 2 },
            { name: 'tabela', test: TABELA, priority: 2 },
            { name: 'tabela-paginada', test: TABELA_PAGINADA, priority: 2 },
            { name: 'marcacao', test: MARCACAO, priority: 2 },
            { name: 'filtros', test: FILTROS, priority: 2 },
            { name: 'icones', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, minShareCount: 2, priority: 1 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
