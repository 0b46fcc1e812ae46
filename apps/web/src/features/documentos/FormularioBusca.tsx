import { Box, Grid, Paper } from '@mui/material';
import {
  CONTEUDO_MAXIMO,
  CONTEUDO_MINIMO,
  MENSAGENS_AUTUACAO,
  MENSAGENS_LOOKUPS,
  type ProblemaCampo,
  RESUMO_ASSUNTO_MINIMO,
  SERVIDOR_TODOS,
} from '@tramite/shared';
import { type ChangeEvent, type FormEvent, lazy, Suspense } from 'react';
import { CampoDataLeve } from '../../components/CampoDataLeve';
import { CampoTextoLeve } from '../../components/CampoTextoLeve';
import { AJUDA_LEGIVEL } from '../../components/entrada-autocomplete-leve';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { RodapeBusca } from '../../components/RodapeBusca';
import { SelecaoPorIdLeve } from '../../components/SelecaoPorIdLeve';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import {
  useAssuntos,
  useServidoresLotados,
  useTiposInteressados,
  useTiposResponsaveis,
  useUnidadesProcedencia,
} from './api';
import { FILTRO_INTERESSADO, FILTRO_RESPONSAVEL, FiltroEntidade, numero } from './FiltroEntidade';
import type { CampoFiltro, ValoresFiltros } from './filtros-url';
import { opcoesDa } from './listas';
import {
  AJUDA_SEM_UNIDADE,
  ID_SERVIDOR_PROCEDENCIA,
  ROTULO_SERVIDOR_PROCEDENCIA,
} from './rotulos-servidor-procedencia';

// Logged-in users only: the select (TextField's Select, Menu and Modal) loads after the form (issue 23).
const SelecaoServidorProcedencia = lazy(async () => ({
  default: (await import('./SelecaoServidorProcedencia')).SelecaoServidorProcedencia,
}));

/** The id (which the tests use too) and label of each text and list filter. */
const ROTULOS = {
  numeroDocumento: { id: 'filtro-numero-documento', label: 'Número do documento' },
  resumoAssunto: { id: 'filtro-resumo-assunto', label: 'Resumo do assunto' },
  conteudoPecas: { id: 'filtro-conteudo-pecas', label: 'Conteúdo das peças' },
  tipoDocumento: { id: 'filtro-tipo-documento', rotulo: 'Tipo de documento' },
  assunto: { id: 'filtro-assunto', rotulo: 'Assunto' },
  procedencia: { id: 'filtro-procedencia', rotulo: 'Unidade de procedência' },
} as const;

const AJUDA_RESUMO = 'Palavras do resumo, sem diferença entre maiúsculas e acentos. Exige um intervalo de datas.';
const AJUDA_CONTEUDO = 'Use aspas para frase exata e - para excluir uma palavra';

/** The two date ranges, each a pair of filters; a rule about a range marks both of its dates. */
const PERIODOS = [
  { inicio: 'dataCriacaoInicio', fim: 'dataCriacaoFim', legenda: 'Data de criação' },
  { inicio: 'dataEnvioInicio', fim: 'dataEnvioFim', legenda: 'Data de tramitação' },
] as const;

interface FormularioBuscaProps {
  valores: ValoresFiltros;
  aoMudar: (valores: ValoresFiltros) => void;
  aoBuscar: () => void;
  aoLimpar: () => void;
  /** The broken rule of spec §5, shown above the buttons; the filter its path names is marked invalid. */
  erro: ProblemaCampo | null;
  /** Logged-in users also filter by the employees of the origin unit. */
  logado: boolean;
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
  useErroConsulta(tipos.error, MENSAGENS_LOOKUPS.erroBuscarTiposDocumento);
  useErroConsulta(assuntos.error, MENSAGENS_AUTUACAO.erroCarregarAssuntos);
  useErroConsulta(unidades.error, MENSAGENS_LOOKUPS.erroBuscarUnidadesProcedencia);
  useErroConsulta(tiposInteressados.error, MENSAGENS_LOOKUPS.erroBuscarTiposInteressados);
  useErroConsulta(tiposResponsaveis.error, MENSAGENS_LOOKUPS.erroBuscarTiposResponsaveis);
  useErroConsulta(servidores.error, MENSAGENS_LOOKUPS.erroBuscarServidoresProcedencia);

  const mudar = (alteracoes: Partial<Record<CampoFiltro, string | number | null>>) => {
    const novos = { ...valores };
    for (const [campo, valor] of Object.entries(alteracoes) as [CampoFiltro, string | number | null][]) {
      novos[campo] = valor === null ? '' : String(valor);
    }
    aoMudar(novos);
  };
  /** A text filter: its label, value and limit. */
  const texto = (campo: 'numeroDocumento' | 'resumoAssunto' | 'conteudoPecas', maxLength: number) => ({
    ...ROTULOS[campo],
    fullWidth: true,
    value: valores[campo],
    onChange: (evento: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => mudar({ [campo]: evento.target.value }),
    slotProps: { htmlInput: { maxLength } },
  });
  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    aoBuscar();
  };

  // Spec §3: the synthetic 'TODOS' entry (id -1) comes first.
  const opcoesServidores = [SERVIDOR_TODOS, ...(servidores.data ?? [])];
  const [campoComErro] = erro?.path ?? [];
  const comErro = (...campos: CampoFiltro[]) => campos.some((campo) => campo === campoComErro);
  const estado = { valores, mudar, campoComErro };
  const resumoCurto =
    valores.resumoAssunto.trim().length > 0 && valores.resumoAssunto.trim().length < RESUMO_ASSUNTO_MINIMO;
  const conteudoCurto =
    valores.conteudoPecas.trim().length > 0 && valores.conteudoPecas.trim().length < CONTEUDO_MINIMO;
  // The rule broken by the content field is said under it too, where the eye is.
  const erroConteudo = comErro('conteudoPecas') ? (erro?.message ?? null) : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box component="form" noValidate role="search" aria-label="Filtros da busca de documentos" onSubmit={enviar}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoLeve {...texto('numeroDocumento', 40)} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <CampoTextoLeve {...texto('resumoAssunto', 200)} error={resumoCurto} helperText={AJUDA_RESUMO} />
          </Grid>
          <Grid size={12}>
            <CampoTextoLeve
              {...texto('conteudoPecas', CONTEUDO_MAXIMO)}
              error={conteudoCurto || erroConteudo !== null}
              helperText={erroConteudo ?? AJUDA_CONTEUDO}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelecaoPorIdLeve
              {...ROTULOS.tipoDocumento}
              {...opcoesDa(tipos)}
              valor={idTipoDocumento}
              aoMudar={(valor) => mudar({ idTipoDocumento: valor, idAssunto: null })}
              rotuloOpcao={(tipo) => (tipo.ativo ? tipo.descricao : `${tipo.descricao} (inativo)`)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelecaoPorIdLeve
              {...ROTULOS.assunto}
              {...opcoesDa(assuntos)}
              valor={numero(valores.idAssunto)}
              aoMudar={(valor) => mudar({ idAssunto: valor })}
              rotuloOpcao={(assunto) => `${assunto.codigo} — ${assunto.descricao}`}
            />
          </Grid>
          {PERIODOS.map(({ inicio, fim, legenda }) => (
            <Grid key={inicio} size={{ xs: 12, xl: 6 }}>
              <IntervaloDatas
                Campo={CampoDataLeve}
                legenda={legenda}
                rotuloInicio={`${legenda} inicial`}
                rotuloFim={`${legenda} final`}
                valor={{ inicio: valores[inicio], fim: valores[fim] }}
                aoMudar={(periodo) => mudar({ [inicio]: periodo.inicio, [fim]: periodo.fim })}
                erro={comErro(inicio, fim)}
              />
            </Grid>
          ))}
          <FiltroEntidade descricao={FILTRO_INTERESSADO} tipos={tiposInteressados.data} {...estado} />
          <FiltroEntidade descricao={FILTRO_RESPONSAVEL} tipos={tiposResponsaveis.data} {...estado} />
          <Grid size={{ xs: 12, md: logado ? 6 : 12 }}>
            <SelecaoPorIdLeve
              {...ROTULOS.procedencia}
              {...opcoesDa(unidades)}
              valor={idProcedencia}
              aoMudar={(valor) => mudar({ idProcedencia: valor, idServidorLotadoProcedencia: null })}
              rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}${unidade.ativa ? '' : ' (inativa)'}`}
            />
          </Grid>
          {logado ? (
            <Grid size={{ xs: 12, md: 6 }}>
              {/* The same field, disabled and with its hint, until the select arrives: nothing moves. */}
              <Suspense
                fallback={
                  <CampoTextoLeve
                    id={ID_SERVIDOR_PROCEDENCIA}
                    label={ROTULO_SERVIDOR_PROCEDENCIA}
                    value=""
                    fullWidth
                    disabled
                    helperText={idProcedencia === null ? AJUDA_SEM_UNIDADE : undefined}
                    slotProps={{ formHelperText: AJUDA_LEGIVEL }}
                  />
                }
              >
                <SelecaoServidorProcedencia
                  opcoes={opcoesServidores}
                  valor={valores.idServidorLotadoProcedencia}
                  aoMudar={(valor) => mudar({ idServidorLotadoProcedencia: valor })}
                  semUnidade={idProcedencia === null}
                />
              </Suspense>
            </Grid>
          ) : null}
        </Grid>
        <RodapeBusca erro={erro?.message ?? null} idErro="erro-busca" testIdErro="erro-busca" aoLimpar={aoLimpar} />
      </Box>
    </Paper>
  );
}
