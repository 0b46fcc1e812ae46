import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './precomprimir.ts';

/**
 * Issue 23: each file costs its headers (almost 1 KB before the page-only security headers were left off the built
 * files; ~0.3 KB now) and compresses on its own, so a screen of forty small files paid tens of KB for the split alone.
 * Modules that always come together go out as one file:
 * - `campo`: the parts of an outlined text field and the small MUI utilities the fields share (useControlled, slot
 *   props...; those of the first screen stay in its file), with CampoTextoLeve and the light list (ListaSuspensa,
 *   which Paginacao and the forms' lists use): the first screens' fields. Portal, Grow and the roving tab index are
 *   left to what uses them (Tooltip, Popper, menus), all loaded after the first screen;
 * - `campos`: TextField with its Select, menu and modal (~20 KB), which only the loaded fields, the selects and the
 *   dialogs need (CampoTextoLeve stands in for TextField at first paint, and is the forms' text field);
 * - `tabela`: the table (home, postal box); `selos`: the chips, the deadline's badge, the pt-BR dates and the
 *   skeleton, which the document page shows without a table; `tabela-paginada`: what a paged, sortable list adds
 *   (postal box, search results);
 * - `marcacao`: checkboxes with their labels (the opening form, the postal box); the switch is apart (only the
 *   settings screens have one, CampoChaveControlado);
 * - `filtros`: the light stand-ins of the filter forms (date, entity and id fields, the date range, the search footer)
 *   that Busca, the postal box and the opening form share;
 * - `formulario`: react-hook-form with the forms' field components and the warning on leaving (the opening form);
 * - `documento`: what the document page and its tabs share (the document's messages and rules, the tabs, the data
 *   list, the acknowledgements, the content search, the calendar), which no other first screen loads;
 * - the icons shared by several screens; zod.
 * isMuiElement, which the form control and the grid share, stays apart: in the field's file it would bring that file
 * to screens with no field (/home). So do the small modules that screens of different files share (the query error
 * hook, SobDemanda, the search rules): a group takes in what its modules import, and one of them in `documento` or
 * `formulario` would bring that file to the other screens. Measure the five routes of the issue after any change.
 */
const MUI = 'node_modules[\\\\/]@mui[\\\\/](?:material|utils)[\\\\/]';
const WEB = 'apps[\\\\/]web[\\\\/]src[\\\\/]';
const CAMPO = new RegExp(
  `(?:${MUI}(?:FormControl|FormLabel|FormHelperText|InputLabel|OutlinedInput|InputAdornment|useControlled|mergeSlotProps|useSlotProps|utils)[\\\\/]|node_modules[\\\\/]@mui[\\\\/]utils[\\\\/](?!isMuiElement|useRovingTabIndex)|${WEB}components[\\\\/](?:CampoTextoLeve|ListaSuspensa)\\.)`,
);
const CAMPOS = new RegExp(
  `${MUI}(?:TextField|Select|NativeSelect|Menu|MenuList|MenuItem|Popover|Modal|Backdrop|Fade|FilledInput|Input|Unstable_TrapFocus|useRovingTabIndex)[\\\\/]`,
);
const TABELA = new RegExp(
  `(?:${MUI}(?:Table|TableBody|TableCell|TableContainer|TableHead|TableRow)[\\\\/]|${WEB}components[\\\\/]Tabela\\.)`,
);
const SELOS = new RegExp(
  `(?:${MUI}(?:Chip|Skeleton)[\\\\/]|node_modules[\\\\/]dayjs[\\\\/]locale[\\\\/]pt-br|${WEB}(?:components[\\\\/]SeloEstadoPrazo|lib[\\\\/]formatacao)\\.)`,
);
const TABELA_PAGINADA = new RegExp(
  `(?:${MUI}TableSortLabel[\\\\/]|${WEB}components[\\\\/](?:Paginacao|CabecalhoOrdenavel|regiao-rolavel)\\.)`,
);
const FILTROS = new RegExp(
  `${WEB}components[\\\\/](?:entrada-autocomplete-leve|SelecaoPorIdLeve|CampoDataLeve|IntervaloDatas|RodapeBusca)\\.`,
);
const FORMULARIO = new RegExp(
  `(?:node_modules[\\\\/]react-hook-form[\\\\/]|${WEB}components[\\\\/]formulario[\\\\/](?:Formulario|CampoTextoControlado|CampoSelecaoControlado|CampoMarcacaoControlado|CampoDataControlado|SelecaoPorIdControlada|use-campo-controlado|escolha-opcao|erros-servidor)\\.|${WEB}lib[\\\\/]use-aviso-saida\\.)`,
);
const DOCUMENTO = new RegExp(
  `(?:packages[\\\\/]shared[\\\\/]src[\\\\/](?:mensagens-documento|regras-documento|arquivos|calendario)\\.|${WEB}(?:features[\\\\/](?:ciencia[\\\\/](?:api|SecaoCiencias|consultas|textos)|conteudo[\\\\/](?:api|api-conteudo|BuscaConteudoDocumento)|pecas[\\\\/]api)|lib[\\\\/](?:calendario|rotulos-documento|download|envio-arquivo)|components[\\\\/](?:AbasDocumento|ListaDados|estado-marcadores|TrechoDestacado|SeloPrazo))\\.)`,
);
const MARCACAO = new RegExp(`${MUI}(?:Checkbox|internal[\\\\/]SwitchBase|FormControlLabel)[\\\\/.]`);

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
            { name: 'regras-busca', test: /packages[\\/]shared[\\/]src[\\/]regras-busca\./, priority: 3 },
            { name: 'use-erro-consulta', test: /apps[\\/]web[\\/]src[\\/]lib[\\/]use-erro-consulta\./, priority: 3 },
            { name: 'SobDemanda', test: /apps[\\/]web[\\/]src[\\/]components[\\/]SobDemanda\./, priority: 3 },
            { name: 'campo', test: CAMPO, priority: 2 },
            { name: 'campos', test: CAMPOS, priority: 2 },
            { name: 'tabela', test: TABELA, priority: 2 },
            { name: 'selos', test: SELOS, priority: 2 },
            { name: 'tabela-paginada', test: TABELA_PAGINADA, priority: 2 },
            { name: 'marcacao', test: MARCACAO, priority: 2 },
            { name: 'filtros', test: FILTROS, priority: 2 },
            { name: 'formulario', test: FORMULARIO, priority: 2 },
            { name: 'documento', test: DOCUMENTO, priority: 2 },
            { name: 'icones', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, minShareCount: 2, priority: 1 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
