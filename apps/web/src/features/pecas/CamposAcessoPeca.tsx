import { Grid, MenuItem, TextField } from '@mui/material';
import {
  exigeHipoteseLegal,
  type HipoteseLegal,
  NIVEIS_ACESSO,
  type NivelAcesso,
  ROTULOS_NIVEL_ACESSO,
  ROTULOS_TIPO_COPIA,
  TIPOS_COPIA,
  type TipoCopia,
} from '@tramite/shared';

export interface ValoresAcesso {
  tipoCopia: TipoCopia | null;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
}

interface CamposAcessoPecaProps {
  /** Prefix of the fields' ids (unique on the page). */
  id: string;
  valores: ValoresAcesso;
  aoMudar: (valores: ValoresAcesso) => void;
  hipoteses: readonly HipoteseLegal[];
  carregandoHipoteses?: boolean;
  desabilitado?: boolean;
  /** Show which required field is missing. */
  mostrarErros?: boolean;
}

/** Copy type, access level and, for R and S, the legal hypothesis (spec §5 "Files"). */
export function CamposAcessoPeca({
  id,
  valores,
  aoMudar,
  hipoteses,
  carregandoHipoteses,
  desabilitado,
  mostrarErros,
}: CamposAcessoPecaProps) {
  const comHipotese = exigeHipoteseLegal(valores.nivelAcesso);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: comHipotese ? 4 : 6 }}>
        <TextField
          select
          id={`${id}-tipo-copia`}
          label="Tipo de cópia"
          required
          fullWidth
          value={valores.tipoCopia ?? ''}
          onChange={(evento) => aoMudar({ ...valores, tipoCopia: (evento.target.value || null) as TipoCopia | null })}
          disabled={desabilitado}
          error={Boolean(mostrarErros && !valores.tipoCopia)}
          helperText={mostrarErros && !valores.tipoCopia ? 'Informe o tipo de cópia' : undefined}
        >
          {TIPOS_COPIA.map((tipo) => (
            <MenuItem key={tipo} value={tipo}>
              {ROTULOS_TIPO_COPIA[tipo]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: comHipotese ? 3 : 6 }}>
        <TextField
          select
          id={`${id}-nivel-acesso`}
          label="Nível de acesso"
          required
          fullWidth
          value={valores.nivelAcesso}
          onChange={(evento) => {
            const nivelAcesso = evento.target.value as NivelAcesso;
            aoMudar({
              ...valores,
              nivelAcesso,
              idHipoteseLegal: exigeHipoteseLegal(nivelAcesso) ? valores.idHipoteseLegal : null,
            });
          }}
          disabled={desabilitado}
          helperText={valores.nivelAcesso === 'S' ? 'Listada só para quem tem visualização irrestrita' : undefined}
        >
          {NIVEIS_ACESSO.map((nivel) => (
            <MenuItem key={nivel} value={nivel}>
              {ROTULOS_NIVEL_ACESSO[nivel]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {comHipotese ? (
        <Grid size={{ xs: 12, md: 5 }}>
          <TextField
            select
            id={`${id}-hipotese`}
            label="Motivo da restrição (hipótese legal)"
            required
            fullWidth
            value={valores.idHipoteseLegal === null ? '' : String(valores.idHipoteseLegal)}
            onChange={(evento) =>
              aoMudar({ ...valores, idHipoteseLegal: evento.target.value ? Number(evento.target.value) : null })
            }
            disabled={desabilitado || carregandoHipoteses}
            error={Boolean(mostrarErros && valores.idHipoteseLegal === null)}
            helperText={
              mostrarErros && valores.idHipoteseLegal === null
                ? 'Informe a hipótese legal da restrição'
                : carregandoHipoteses
                  ? 'Carregando hipóteses legais…'
                  : undefined
            }
          >
            {hipoteses.map((hipotese) => (
              <MenuItem key={hipotese.id} value={String(hipotese.id)}>
                {hipotese.descricao}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      ) : null}
    </Grid>
  );
}
