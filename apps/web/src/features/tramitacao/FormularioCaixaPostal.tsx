import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, Grid, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { MENSAGENS } from '@tramite/shared';
import type { FormEvent } from 'react';
import { CampoDataLeve } from '../../components/CampoDataLeve';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { SelecaoPorIdLeve } from '../../components/SelecaoPorIdLeve';
import { ErroHttp } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import { useUnidadesCaixaPostal } from './api';
import type { CampoFiltroCaixa, ValoresFiltrosCaixa } from './filtros-caixa';

interface FormularioCaixaPostalProps {
  valores: ValoresFiltrosCaixa;
  aoMudar: (valores: ValoresFiltrosCaixa) => void;
  aoBuscar: () => void;
  aoLimpar: () => void;
  /** The broken rule of spec §5, shown above the buttons. */
  erro: string | null;
}

function numero(texto: string): number | null {
  return /^\d+$/.test(texto) ? Number(texto) : null;
}

/** Spec §8: a 400 on the types has its own message; any other failure the generic one. */
function mensagemErroTipos(erro: unknown): string {
  return erro instanceof ErroHttp && erro.status === 400
    ? MENSAGENS.caixaPostal.tiposInvalidos
    : MENSAGENS.lookups.erroBuscarTiposDocumento;
}

/** The postal-box filters of spec §2: document number, document type, current unit and a date range. */
export function FormularioCaixaPostal({ valores, aoMudar, aoBuscar, aoLimpar, erro }: FormularioCaixaPostalProps) {
  const tipos = useTiposDocumentos();
  const unidades = useUnidadesCaixaPostal();
  useErroConsulta(tipos.error, mensagemErroTipos);
  useErroConsulta(unidades.error, MENSAGENS.caixaPostal.erroUnidadesAutorizadas);

  const mudar = (alteracoes: Partial<Record<CampoFiltroCaixa, string | number | null>>) => {
    const novos = { ...valores };
    for (const [campo, valor] of Object.entries(alteracoes) as [CampoFiltroCaixa, string | number | null][]) {
      novos[campo] = valor === null ? '' : String(valor);
    }
    aoMudar(novos);
  };
  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    aoBuscar();
  };
  const erroDatas = erro === MENSAGENS.caixaPostal.dataIncompleta || erro === MENSAGENS.caixaPostal.filtroObrigatorio;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box component="form" noValidate role="search" aria-label="Filtros da caixa postal" onSubmit={enviar}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              id="caixa-numero-documento"
              label="Número do documento"
              fullWidth
              value={valores.numeroDocumento}
              onChange={(evento) => mudar({ numeroDocumento: evento.target.value })}
              error={erro === MENSAGENS.caixaPostal.filtroObrigatorio}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelecaoPorIdLeve
              id="caixa-tipo-documento"
              rotulo="Tipo de documento"
              opcoes={tipos.data ?? []}
              valor={numero(valores.idTipoDocumento)}
              aoMudar={(valor) => mudar({ idTipoDocumento: valor })}
              rotuloOpcao={(tipo) => tipo.descricao}
              carregando={tipos.isLoading}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              id="caixa-unidade-atual"
              label="Unidade"
              fullWidth
              value={
                (unidades.data ?? []).some((unidade) => String(unidade.id) === valores.idUnidadeAtual)
                  ? valores.idUnidadeAtual
                  : ''
              }
              onChange={(evento) => mudar({ idUnidadeAtual: evento.target.value })}
              error={unidades.isError}
              helperText={unidades.isError ? MENSAGENS.caixaPostal.erroUnidadesAutorizadas : undefined}
            >
              {(unidades.data ?? []).map((unidade) => (
                <MenuItem key={unidade.id} value={String(unidade.id)}>
                  {unidade.sigla} — {unidade.nome}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <IntervaloDatas
              Campo={CampoDataLeve}
              legenda="Data de envio (ou de criação, para documentos em criação)"
              rotuloInicio="Data inicial"
              rotuloFim="Data final"
              valor={{ inicio: valores.dataInicio, fim: valores.dataFim }}
              aoMudar={({ inicio, fim }) => mudar({ dataInicio: inicio, dataFim: fim })}
              erro={erroDatas}
            />
          </Grid>
        </Grid>
        {erro ? (
          <Alert severity="error" data-testid="erro-caixa-postal" role="status" sx={{ mt: 2 }}>
            {erro}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
            Buscar
          </Button>
          <Button type="button" startIcon={<ClearOutlined />} onClick={aoLimpar}>
            Limpar filtros
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
