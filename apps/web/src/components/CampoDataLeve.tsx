import CalendarTodayOutlined from '@mui/icons-material/CalendarTodayOutlined';
import { Box, IconButton, InputAdornment } from '@mui/material';
import { dataIsoValida } from '@tramite/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';
import { CampoTextoLeve } from './CampoTextoLeve';

export interface CampoDataProps {
  id: string;
  rotulo: string;
  /** YYYY-MM-DD (the API's format) or '' when empty or still incomplete. */
  valor: string;
  aoMudar: (valor: string) => void;
  obrigatorio?: boolean;
  erro?: boolean;
  textoAjuda?: ReactNode;
  /** Bounds as YYYY-MM-DD. */
  minimo?: string;
  maximo?: string;
  /** Days the picker's calendar greys out (days without work for a deadline); typing one is left to validation. */
  diaDesabilitado?: (data: string) => boolean;
}

/**
 * A date field's own state (the date as it is being typed or picked): it follows changes made outside the field (a
 * form reset, a link) without wiping a date being typed, which counts as empty (`paraValor` gives '').
 */
export function useEstadoCampoData<E>(valor: string, deValor: (valor: string) => E, paraValor: (estado: E) => string) {
  const [estado, setEstado] = useState(() => deValor(valor));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new outside value matters.
  useEffect(() => {
    if (valor !== paraValor(estado)) setEstado(deValor(valor));
  }, [valor]);
  return [estado, setEstado] as const;
}

/** The props of the text field every date field derives from its own. */
export function propsTextoData({ id, obrigatorio, erro, textoAjuda }: CampoDataProps) {
  return { id, required: obrigatorio, error: erro, helperText: textoAjuda, fullWidth: true };
}

// ---------------------------------------------------------------------------------------------------------------
// The MUI X date picker (about 50 KB gzip) loads at the user's first gesture on the page, not with the first screen
// (issue 11: the postal box shows two date fields and must stay under 250 KB). Until then, and while the user is
// still inside it, each field is a light text field with the same label, mask and behaviour; it gives way to the
// picker once the picker is loaded and the focus is elsewhere.

const cargaCompleto = criarCargaNoGesto(async () => (await import('./CampoDataCompleto')).CampoDataCompleto);

/** DD/MM/YYYY from what was typed: the digits, with the slashes put in as they are typed. */
function mascarar(texto: string): string {
  const digitos = texto.replace(/\D/g, '').slice(0, 8);
  return [digitos.slice(0, 2), digitos.slice(2, 4), digitos.slice(4, 8)].filter(Boolean).join('/');
}

function paraIso(texto: string): string {
  const [dia, mes, ano] = texto.split('/');
  const iso = `${ano}-${mes}-${dia}`;
  return texto.length === 10 && dataIsoValida(iso) ? iso : '';
}

function paraTexto(valor: string): string {
  return dataIsoValida(valor) ? valor.split('-').reverse().join('/') : '';
}

/**
 * A date typed or picked as DD/MM/YYYY in pt-BR whatever the browser's language (spec §9), handed to the form as
 * YYYY-MM-DD. A date still being typed stays in the field and counts as empty until it is complete.
 */
export function CampoDataLeve(props: CampoDataProps) {
  const Carregado = cargaCompleto.useModulo();
  const [focoNoLeve, setFocoNoLeve] = useState(false);
  const [abrir, setAbrir] = useState(false);
  if (Carregado && (!focoNoLeve || abrir)) return <Carregado {...props} abertoAoMontar={abrir} />;
  return (
    <CampoTextoData
      {...props}
      aoFocar={setFocoNoLeve}
      aoPedirCalendario={() => {
        setAbrir(true);
        void cargaCompleto.carregar();
      }}
    />
  );
}

interface CampoTextoDataProps extends CampoDataProps {
  aoFocar: (focado: boolean) => void;
  aoPedirCalendario: () => void;
}

function CampoTextoData(props: CampoTextoDataProps) {
  const { id, rotulo, valor, aoMudar, erro, minimo, maximo, aoFocar, aoPedirCalendario } = props;
  const [texto, setTexto] = useEstadoCampoData(valor, paraTexto, paraIso);
  const caixa = useRef<HTMLDivElement>(null);

  const iso = paraIso(texto);
  const foraDosLimites =
    iso !== '' && ((minimo !== undefined && iso < minimo) || (maximo !== undefined && iso > maximo));
  const rotuloCalendario = iso ? `Escolha uma data, data selecionada ${texto}` : 'Escolha uma data';

  return (
    <Box
      ref={caixa}
      role="group"
      aria-labelledby={`${id}-label`}
      sx={{ width: '100%' }}
      onFocus={() => aoFocar(true)}
      onBlur={(evento) => {
        if (!caixa.current?.contains(evento.relatedTarget as Node | null)) aoFocar(false);
      }}
    >
      <CampoTextoLeve
        {...propsTextoData(props)}
        label={rotulo}
        value={texto}
        onChange={(evento) => {
          const novo = mascarar(evento.target.value);
          setTexto(novo);
          if (paraIso(novo) !== valor) aoMudar(paraIso(novo));
        }}
        placeholder="DD/MM/AAAA"
        error={erro || foraDosLimites}
        autoComplete="off"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" aria-label={rotuloCalendario} onClick={aoPedirCalendario}>
                  <CalendarTodayOutlined />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
