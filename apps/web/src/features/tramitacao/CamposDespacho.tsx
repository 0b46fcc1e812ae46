import { Grid, MenuItem, TextField } from '@mui/material';
import {
  exigeHipoteseLegal,
  NIVEIS_ACESSO,
  type NivelAcesso,
  ROTULOS_NIVEL_ACESSO,
  TAMANHO_MAXIMO_DESPACHO,
  TIPO_DESPACHO_PADRAO,
} from '@tramite/shared';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useHipotesesLegais } from '../documentos/api';
import { TEXTOS, TIPOS_DESPACHO } from './textos';

/** The dispatch of a forwarding as the form holds it (spec §3 'Forwarding parameters'). */
export interface ValoresDespacho {
  despacho: string;
  tipoDespacho: string;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
  despachoPreparatorio: string;
}

export type ErrosFormulario = Partial<Record<string, string>>;

/** Spec §4 and §9 defaults: nível de acesso P, tipo de despacho I. */
export function despachoPadrao(inicial: Partial<ValoresDespacho> = {}): ValoresDespacho {
  return {
    despacho: '',
    tipoDespacho: TIPO_DESPACHO_PADRAO,
    nivelAcesso: 'P',
    idHipoteseLegal: null,
    despachoPreparatorio: '',
    ...inicial,
  };
}

/** The first message of each field of a failed zod parse, keyed by the field's name. */
export function errosPorCampo(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrosFormulario {
  const erros: ErrosFormulario = {};
  for (const issue of issues) {
    const campo = String(issue.path[0] ?? '');
    erros[campo] ??= issue.message;
  }
  return erros;
}

interface CamposDespachoProps {
  id: string;
  valores: ValoresDespacho;
  aoMudar: (alteracoes: Partial<ValoresDespacho>) => void;
  erros: ErrosFormulario;
  /** The single-document screen also offers the despacho preparatório. */
  comPreparatorio?: boolean;
}

/** Despacho, its type and access level, the legal hypothesis when restricted, and the despacho preparatório. */
export function CamposDespacho({ id, valores, aoMudar, erros, comPreparatorio = false }: CamposDespachoProps) {
  const restrito = exigeHipoteseLegal(valores.nivelAcesso);
  const hipoteses = useHipotesesLegais(restrito);
  useErroConsulta(hipoteses.error, TEXTOS.erroCarregarHipoteses);

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          id={`${id}-despacho`}
          label="Despacho"
          multiline
          minRows={4}
          fullWidth
          value={valores.despacho}
          onChange={(evento) => aoMudar({ despacho: evento.target.value })}
          error={Boolean(erros.despacho)}
          helperText={erros.despacho}
          slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_DESPACHO } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          id={`${id}-tipo-despacho`}
          label="Tipo de despacho"
          fullWidth
          value={valores.tipoDespacho}
          onChange={(evento) => aoMudar({ tipoDespacho: evento.target.value })}
          error={Boolean(erros.tipoDespacho)}
          helperText={erros.tipoDespacho}
        >
          {TIPOS_DESPACHO.map((tipo) => (
            <MenuItem key={tipo.valor} value={tipo.valor}>
              {tipo.rotulo}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          id={`${id}-nivel-acesso`}
          label="Nível de acesso"
          fullWidth
          value={valores.nivelAcesso}
          onChange={(evento) => {
            const nivelAcesso = evento.target.value as NivelAcesso;
            aoMudar(exigeHipoteseLegal(nivelAcesso) ? { nivelAcesso } : { nivelAcesso, idHipoteseLegal: null });
          }}
        >
          {NIVEIS_ACESSO.map((nivel) => (
            <MenuItem key={nivel} value={nivel}>
              {ROTULOS_NIVEL_ACESSO[nivel]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {restrito ? (
          <TextField
            select
            id={`${id}-hipotese-legal`}
            label="Hipótese legal"
            required
            fullWidth
            value={
              (hipoteses.data ?? []).some((hipotese) => hipotese.id === valores.idHipoteseLegal)
                ? String(valores.idHipoteseLegal)
                : ''
            }
            onChange={(evento) => aoMudar({ idHipoteseLegal: Number(evento.target.value) })}
            error={Boolean(erros.idHipoteseLegal)}
            helperText={erros.idHipoteseLegal ?? (hipoteses.isLoading ? 'Carregando hipóteses legais…' : undefined)}
          >
            {(hipoteses.data ?? []).map((hipotese) => (
              <MenuItem key={hipotese.id} value={String(hipotese.id)}>
                {hipotese.descricao}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Grid>
      {comPreparatorio ? (
        <Grid size={12}>
          <TextField
            id={`${id}-despacho-preparatorio`}
            label="Despacho preparatório"
            multiline
            minRows={3}
            fullWidth
            value={valores.despachoPreparatorio}
            onChange={(evento) => aoMudar({ despachoPreparatorio: evento.target.value })}
            error={Boolean(erros.despachoPreparatorio)}
            helperText={
              erros.despachoPreparatorio ?? 'Pode ser salvo antes do envio, junto com o despacho, em "Salvar despacho".'
            }
            slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_DESPACHO } }}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
