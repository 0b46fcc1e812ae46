import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, Grid, MenuItem, Paper, Stack, TextField } from '@mui/material';
import {
  MENSAGENS,
  MINIMO_CARACTERES_NOME_INTERESSADO,
  RESUMO_ASSUNTO_MINIMO,
  rotuloTipoInteressado,
  rotuloTipoResponsavel,
  SERVIDOR_TODOS,
} from '@tramite/shared';
import type { FormEvent } from 'react';
import { CampoData } from '../../components/CampoData';
import { CampoEntidade } from '../../components/CampoEntidade';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import {
  buscarInteressados,
  buscarResponsaveis,
  useAssuntos,
  useServidoresLotados,
  useTiposInteressados,
  useTiposResponsaveis,
  useUnidadesProcedencia,
} from './api';
import type { CampoFiltro, ValoresFiltros } from './filtros-url';
import { MENSAGENS_INTERESSADO, MENSAGENS_RESPONSAVEL } from './textos';

const ID_ERRO_BUSCA = 'erro-busca';

interface FormularioBuscaProps {
  valores: ValoresFiltros;
  aoMudar: (valores: ValoresFiltros) => void;
  aoBuscar: () => void;
  aoLimpar: () => void;
  /** The broken rule of spec §5, shown above the buttons. */
  erro: string | null;
  /** Logged-in users also filter by the employees of the origin unit. */
  logado: boolean;
}

function numero(texto: string): number | null {
  return /^-?\d+$/.test(texto) ? Number(texto) : null;
}

/** Every filter of spec §2 (document search). The page keeps the values and puts them in the URL. */
export function FormularioBusca({ valores, aoMudar, aoBuscar, aoLimpar, erro, logado }: FormularioBuscaProps) {
  const idTipoDocumento = numero(valores.idTipoDocumento);
  const idProcedencia = numero(valores.idProcedencia);

  const tipos = useTiposDocumentos({ todosTipos: true, incluirInativos: true });
  const assuntos = useAssuntos(idTipoDocumento);
  const unidades = useUnidadesProcedencia(false);
  const tiposInteressados = useTiposInteressados();
  const tiposResponsaveis = useTiposResponsaveis();
  const servidores = useServidoresLotados(idProcedencia, logado);
  useErroConsulta(tipos.error, MENSAGENS.lookups.erroBuscarTiposDocumento);
  useErroConsulta(assuntos.error, MENSAGENS.autuacao.erroCarregarAssuntos);
  useErroConsulta(unidades.error, MENSAGENS.lookups.erroBuscarUnidadesProcedencia);
  useErroConsulta(tiposInteressados.error, MENSAGENS.lookups.erroBuscarTiposInteressados);
  useErroConsulta(tiposResponsaveis.error, MENSAGENS.lookups.erroBuscarTiposResponsaveis);
  useErroConsulta(servidores.error, MENSAGENS.lookups.erroBuscarServidoresProcedencia);

  const mudar = (alteracoes: Partial<Record<CampoFiltro, string | number | null>>) => {
    const novos = { ...valores };
    for (const [campo, valor] of Object.entries(alteracoes) as [CampoFiltro, string | number | null][]) {
      novos[campo] = valor === null ? '' : String(valor);
    }
    aoMudar(novos);
  };
  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    aoBuscar();
  };

  // Spec §3: the synthetic 'TODOS' entry (id -1) comes first.
  const opcoesServidores = [SERVIDOR_TODOS, ...(servidores.data ?? [])];
  const resumoCurto =
    valores.resumoAssunto.trim().length > 0 && valores.resumoAssunto.trim().length < RESUMO_ASSUNTO_MINIMO;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box component="form" noValidate role="search" aria-label="Filtros da busca de documentos" onSubmit={enviar}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              id="filtro-numero-documento"
              label="Número do documento"
              fullWidth
              value={valores.numeroDocumento}
              onChange={(evento) => mudar({ numeroDocumento: evento.target.value })}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              id="filtro-resumo-assunto"
              label="Resumo do assunto"
              fullWidth
              value={valores.resumoAssunto}
              onChange={(evento) => mudar({ resumoAssunto: evento.target.value })}
              error={resumoCurto}
              helperText="Palavras do resumo, sem diferença entre maiúsculas e acentos. Exige um intervalo de datas."
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelecaoPorId
              id="filtro-tipo-documento"
              rotulo="Tipo de documento"
              opcoes={tipos.data ?? []}
              valor={idTipoDocumento}
              aoMudar={(valor) => mudar({ idTipoDocumento: valor, idAssunto: null })}
              rotuloOpcao={(tipo) => (tipo.ativo ? tipo.descricao : `${tipo.descricao} (inativo)`)}
              carregando={tipos.isLoading}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelecaoPorId
              id="filtro-assunto"
              rotulo="Assunto"
              opcoes={assuntos.data ?? []}
              valor={numero(valores.idAssunto)}
              aoMudar={(valor) => mudar({ idAssunto: valor })}
              rotuloOpcao={(assunto) => `${assunto.codigo} — ${assunto.descricao}`}
              carregando={assuntos.isLoading}
            />
          </Grid>
          <Grid size={{ xs: 12, xl: 6 }}>
            <IntervaloDatas
              Campo={CampoData}
              legenda="Data de criação"
              rotuloInicio="Data de criação inicial"
              rotuloFim="Data de criação final"
              valor={{ inicio: valores.dataCriacaoInicio, fim: valores.dataCriacaoFim }}
              aoMudar={({ inicio, fim }) => mudar({ dataCriacaoInicio: inicio, dataCriacaoFim: fim })}
              erro={erro === MENSAGENS.busca.dataCriacaoIncompleta}
            />
          </Grid>
          <Grid size={{ xs: 12, xl: 6 }}>
            <IntervaloDatas
              Campo={CampoData}
              legenda="Data de tramitação"
              rotuloInicio="Data de tramitação inicial"
              rotuloFim="Data de tramitação final"
              valor={{ inicio: valores.dataEnvioInicio, fim: valores.dataEnvioFim }}
              aoMudar={({ inicio, fim }) => mudar({ dataEnvioInicio: inicio, dataEnvioFim: fim })}
              erro={erro === MENSAGENS.busca.dataTramitacaoIncompleta}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              id="filtro-tipo-interessado"
              label="Tipo de interessado"
              fullWidth
              value={
                tiposInteressados.data?.some((tipo) => tipo.codigo === valores.tipoInteressado)
                  ? valores.tipoInteressado
                  : ''
              }
              onChange={(evento) => mudar({ tipoInteressado: evento.target.value, idInteressado: null })}
            >
              <MenuItem value="">
                <em>Nenhum</em>
              </MenuItem>
              {(tiposInteressados.data ?? []).map((tipo) => (
                <MenuItem key={tipo.codigo} value={tipo.codigo}>
                  {rotuloTipoInteressado(tipo.nome)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <CampoEntidade
              id="filtro-interessado"
              rotulo="Interessado"
              tipo={valores.tipoInteressado || null}
              valor={numero(valores.idInteressado)}
              aoMudar={(entidade) => mudar({ idInteressado: entidade?.id ?? null })}
              buscar={buscarInteressados}
              mensagens={MENSAGENS_INTERESSADO}
              chaveConsulta="interessados"
              minimoTermo={MINIMO_CARACTERES_NOME_INTERESSADO}
              erro={erro === MENSAGENS.busca.interessadoIncompleto}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              id="filtro-tipo-responsavel"
              label="Tipo de responsável pela tramitação"
              fullWidth
              value={
                tiposResponsaveis.data?.some((tipo) => tipo.codigo === valores.tipoResponsavelTramitacao)
                  ? valores.tipoResponsavelTramitacao
                  : ''
              }
              onChange={(evento) =>
                mudar({ tipoResponsavelTramitacao: evento.target.value, idResponsavelTramitacao: null })
              }
            >
              <MenuItem value="">
                <em>Nenhum</em>
              </MenuItem>
              {(tiposResponsaveis.data ?? []).map((tipo) => (
                <MenuItem key={tipo.codigo} value={tipo.codigo}>
                  {rotuloTipoResponsavel(tipo.nome)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <CampoEntidade
              id="filtro-responsavel"
              rotulo="Responsável pela tramitação"
              tipo={valores.tipoResponsavelTramitacao || null}
              valor={numero(valores.idResponsavelTramitacao)}
              aoMudar={(entidade) => mudar({ idResponsavelTramitacao: entidade?.id ?? null })}
              buscar={buscarResponsaveis}
              mensagens={MENSAGENS_RESPONSAVEL}
              chaveConsulta="responsaveis-tramitacao"
              erro={erro === MENSAGENS.busca.responsavelIncompleto}
            />
          </Grid>
          <Grid size={{ xs: 12, md: logado ? 6 : 12 }}>
            <SelecaoPorId
              id="filtro-procedencia"
              rotulo="Unidade de procedência"
              opcoes={unidades.data ?? []}
              valor={idProcedencia}
              aoMudar={(valor) => mudar({ idProcedencia: valor, idServidorLotadoProcedencia: null })}
              rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}${unidade.ativa ? '' : ' (inativa)'}`}
              carregando={unidades.isLoading}
            />
          </Grid>
          {logado ? (
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                select
                id="filtro-servidor-procedencia"
                label="Servidor da unidade de procedência"
                fullWidth
                value={
                  opcoesServidores.some((servidor) => String(servidor.id) === valores.idServidorLotadoProcedencia)
                    ? valores.idServidorLotadoProcedencia
                    : ''
                }
                onChange={(evento) => mudar({ idServidorLotadoProcedencia: evento.target.value })}
                disabled={idProcedencia === null}
                helperText={idProcedencia === null ? 'Escolha antes a unidade de procedência.' : undefined}
                slotProps={{
                  formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } },
                }}
              >
                <MenuItem value="">
                  <em>Nenhum</em>
                </MenuItem>
                {opcoesServidores.map((servidor) => (
                  <MenuItem key={servidor.id} value={String(servidor.id)}>
                    {servidor.nome}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          ) : null}
        </Grid>
        {erro ? (
          <Alert severity="error" id={ID_ERRO_BUSCA} data-testid="erro-busca" role="status" sx={{ mt: 2 }}>
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
