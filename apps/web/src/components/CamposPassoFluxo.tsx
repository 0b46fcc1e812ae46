import { Grid, MenuItem, TextField } from '@mui/material';
import type { Fluxo } from '@tramite/shared';
import { useEffect } from 'react';

interface CamposPassoFluxoProps {
  /** Prefix of the fields' ids. */
  id: string;
  /** The flows of the document (GET .../fluxos), already sorted by description; each with its permitted steps. */
  fluxos: readonly Fluxo[];
  idFluxo: number | null;
  idPasso: number | null;
  aoMudarFluxo: (idFluxo: number | null) => void;
  aoMudarPasso: (idPasso: number | null) => void;
  carregando?: boolean;
  erroFluxo?: string;
  erroPasso?: string;
  /** Hint under the flow field (e.g. whose flows are offered). */
  ajudaFluxo?: string;
}

/** The hint explains why a field is disabled, so it keeps a readable colour. */
const AJUDA_LEGIVEL = { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } as const;

const SEM_PASSOS = ' — nenhum passo disponível para a sua unidade';

/**
 * The flow and the step of a forwarding (spec §4 "Forwarding flow"): flows in the server's alphabetical order, and
 * only the steps the server permits now. A flow without permitted steps is listed but cannot be chosen.
 */
export function CamposPassoFluxo({
  id,
  fluxos,
  idFluxo,
  idPasso,
  aoMudarFluxo,
  aoMudarPasso,
  carregando,
  erroFluxo,
  erroPasso,
  ajudaFluxo,
}: CamposPassoFluxoProps) {
  const fluxo = fluxos.find((item) => item.id === idFluxo) ?? null;
  const passos = fluxo?.passos ?? [];

  // When a single flow has permitted steps it comes chosen (and its step too, when it is the only one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of flows makes a new choice.
  useEffect(() => {
    const disponiveis = fluxos.filter((item) => item.passos.length > 0);
    const unico = disponiveis.length === 1 ? disponiveis[0] : undefined;
    if (idFluxo !== null || !unico) return;
    aoMudarFluxo(unico.id);
    aoMudarPasso(unico.passos.length === 1 ? (unico.passos[0]?.id ?? null) : null);
  }, [fluxos]);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          id={`${id}-fluxo`}
          label="Fluxo"
          required
          fullWidth
          value={fluxo ? String(fluxo.id) : ''}
          onChange={(evento) => {
            const novo = evento.target.value ? Number(evento.target.value) : null;
            aoMudarFluxo(novo);
            const passosNovo = fluxos.find((item) => item.id === novo)?.passos ?? [];
            // A flow with a single permitted step gets it chosen.
            aoMudarPasso(passosNovo.length === 1 ? (passosNovo[0]?.id ?? null) : null);
          }}
          disabled={carregando}
          error={Boolean(erroFluxo)}
          helperText={erroFluxo ?? ajudaFluxo ?? (carregando ? 'Carregando fluxos…' : undefined)}
          slotProps={{ formHelperText: { sx: AJUDA_LEGIVEL } }}
        >
          {fluxos.map((item) => (
            <MenuItem key={item.id} value={String(item.id)} disabled={item.passos.length === 0}>
              {item.passos.length === 0 ? `${item.descricao}${SEM_PASSOS}` : item.descricao}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          id={`${id}-passo`}
          label="Passo"
          required
          fullWidth
          value={passos.some((passo) => passo.id === idPasso) ? String(idPasso) : ''}
          onChange={(evento) => aoMudarPasso(evento.target.value ? Number(evento.target.value) : null)}
          disabled={fluxo === null}
          error={Boolean(erroPasso)}
          helperText={erroPasso ?? (fluxo === null ? 'Escolha antes o fluxo.' : undefined)}
          slotProps={{ formHelperText: { sx: AJUDA_LEGIVEL } }}
        >
          {passos.map((passo) => (
            <MenuItem key={passo.id} value={String(passo.id)}>
              {passo.descricao}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}
