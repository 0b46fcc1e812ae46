import ClearOutlined from '@mui/icons-material/ClearOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { Alert, Box, Button, Grid, Link, Paper, Stack, TextField } from '@mui/material';
import { type ItemFavorito, MENSAGENS, RESUMO_ASSUNTO_MINIMO, validarMarcadores } from '@tramite/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CampoData } from '../../components/CampoData';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { Pagina } from '../../components/Pagina';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import { useAlterarAcompanhamento, useFavoritos, useRemoverFavorito, useSalvarMarcadoresFavorito } from './api';
import { DialogoMarcadores } from './DialogoMarcadores';
import {
  consultaDosFavoritos,
  type EstadoFavoritos,
  escreverFavoritos,
  filtrosVazios,
  lerFavoritos,
  type ValoresFiltrosFavoritos,
  validarFavoritos,
} from './filtros-favoritos';
import { TabelaFavoritos } from './TabelaFavoritos';

const ID_ERRO_FILTROS = 'erro-filtros-favoritos';

interface FormularioProps {
  valores: ValoresFiltrosFavoritos;
  aoMudar: (valores: ValoresFiltrosFavoritos) => void;
  aoFiltrar: () => void;
  aoLimpar: () => void;
  erro: string | null;
}

/** Spec §2 "Favourites": last-change date range, document summary and document type. */
function FormularioFavoritos({ valores, aoMudar, aoFiltrar, aoLimpar, erro }: FormularioProps) {
  // The same list of types as the document search.
  const tipos = useTiposDocumentos({ todosTipos: true, incluirInativos: true });
  useErroConsulta(tipos.error, MENSAGENS.lookups.erroBuscarTiposDocumento);
  const resumo = valores.resumoDocumento.trim();
  const resumoCurto = resumo.length > 0 && resumo.length < RESUMO_ASSUNTO_MINIMO;
  const periodoIncompleto = Boolean(valores.dataInicioUltimaAlteracao) !== Boolean(valores.dataFimUltimaAlteracao);
  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    aoFiltrar();
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={enviar}
      noValidate
      aria-label="Filtros dos favoritos"
      aria-describedby={erro ? ID_ERRO_FILTROS : undefined}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <IntervaloDatas
            Campo={CampoData}
            legenda="Data da última alteração"
            rotuloInicio="Última alteração inicial"
            rotuloFim="Última alteração final"
            valor={{ inicio: valores.dataInicioUltimaAlteracao, fim: valores.dataFimUltimaAlteracao }}
            aoMudar={({ inicio, fim }) =>
              aoMudar({ ...valores, dataInicioUltimaAlteracao: inicio, dataFimUltimaAlteracao: fim })
            }
            erro={Boolean(erro) && periodoIncompleto}
            testId="periodo-ultima-alteracao"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }} sx={{ alignSelf: 'flex-end' }}>
          <SelecaoPorId
            id="favoritos-tipo-documento"
            rotulo="Tipo documental"
            opcoes={tipos.data ?? []}
            valor={/^\d+$/.test(valores.idTipoDocumento) ? Number(valores.idTipoDocumento) : null}
            aoMudar={(id) => aoMudar({ ...valores, idTipoDocumento: id === null ? '' : String(id) })}
            rotuloOpcao={(tipo) => tipo.descricao}
            carregando={tipos.isLoading}
            testId="filtro-tipo-documento"
          />
        </Grid>
        <Grid size={12}>
          <TextField
            id="favoritos-resumo"
            label="Resumo do documento"
            value={valores.resumoDocumento}
            onChange={(evento) => aoMudar({ ...valores, resumoDocumento: evento.target.value })}
            error={resumoCurto}
            helperText={`Palavras do resumo do assunto (no mínimo ${RESUMO_ASSUNTO_MINIMO} caracteres)`}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Grid>
      </Grid>
      {erro ? (
        <Alert severity="error" id={ID_ERRO_FILTROS} sx={{ mt: 2 }} data-testid="erro-filtros">
          {erro}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button type="button" onClick={aoLimpar} startIcon={<ClearOutlined />}>
          Limpar
        </Button>
        <Button type="submit" variant="contained" startIcon={<FilterListOutlined />}>
          Filtrar
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Spec §2 (login): the user's favourites, filtered by last change, summary and type. Each favourite can be
 * retagged, have its e-mail follow toggled and be removed (on confirmation). The query string holds the filters.
 */
export function DocumentosFavoritosPage() {
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const { executar, empilhar } = useCarregamento();
  const [parametros, setParametros] = useSearchParams();
  const chave = parametros.toString();
  const estado = lerFavoritos(parametros);
  const [valores, setValores] = useState<ValoresFiltrosFavoritos>(estado.filtros);
  const [erroFormulario, setErroFormulario] = useState<string | null>(null);
  const [editando, setEditando] = useState<ItemFavorito | null>(null);
  const [removendo, setRemovendo] = useState<ItemFavorito | null>(null);
  const [ocupados, setOcupados] = useState<ReadonlySet<number>>(new Set());
  const acompanhamento = useAlterarAcompanhamento();
  const marcadores = useSalvarMarcadoresFavorito();
  const remover = useRemoverFavorito();

  // The form follows the URL when it changes from outside (back/forward, a link).
  useEffect(() => {
    setValores(lerFavoritos(new URLSearchParams(chave)).filtros);
    setErroFormulario(null);
  }, [chave]);

  const erroUrl = validarFavoritos(estado.filtros);
  useEffect(() => {
    if (erroUrl) snackbar.erro(erroUrl);
  }, [erroUrl, snackbar]);

  const lista = useFavoritos(erroUrl ? null : consultaDosFavoritos(estado));
  useErroConsulta(lista.error, (erro) => mensagemComDetalhe(MENSAGENS.favoritos.erroCarregar, erro));
  // The global loading indicator shows while the list is on its way.
  useEffect(() => {
    if (lista.isFetching) return empilhar('Carregando documentos favoritos');
  }, [lista.isFetching, empilhar]);

  function irPara(novo: EstadoFavoritos) {
    const proximos = escreverFavoritos(novo);
    if (proximos.toString() === chave) {
      void lista.refetch();
    } else {
      setParametros(proximos);
    }
  }

  function filtrar() {
    const erro = validarFavoritos(valores);
    setErroFormulario(erro);
    if (erro) {
      snackbar.erro(erro);
      return;
    }
    irPara({ ...estado, filtros: valores, pagina: 1 });
  }

  function limpar() {
    setValores(filtrosVazios());
    setErroFormulario(null);
    setParametros(new URLSearchParams());
  }

  async function comFavoritoOcupado(idDocumento: number, tarefa: () => Promise<void>) {
    setOcupados((atuais) => new Set(atuais).add(idDocumento));
    try {
      await tarefa();
    } finally {
      setOcupados((atuais) => {
        const proximos = new Set(atuais);
        proximos.delete(idDocumento);
        return proximos;
      });
    }
  }

  function alternarAcompanhamento(favorito: ItemFavorito, acompanhar: boolean) {
    void comFavoritoOcupado(favorito.idDocumento, async () => {
      try {
        await executar('Alterando o acompanhamento por e-mail', () =>
          acompanhamento.mutateAsync({ idDocumento: favorito.idDocumento, acompanhadoPorEmail: acompanhar }),
        );
        snackbar.sucesso(
          acompanhar ? MENSAGENS.favoritos.acompanhamentoLigado : MENSAGENS.favoritos.acompanhamentoDesligado,
        );
      } catch (erro) {
        snackbar.erro(mensagemComDetalhe(MENSAGENS.favoritos.erroAlterarAcompanhamento, erro));
      }
    });
  }

  function salvarMarcadores(tags: string[]) {
    const favorito = editando;
    if (!favorito) return;
    const invalido = validarMarcadores(tags.join(','));
    if (invalido) {
      snackbar.erro(invalido);
      return;
    }
    void comFavoritoOcupado(favorito.idDocumento, async () => {
      try {
        await executar('Salvando marcadores', () =>
          marcadores.mutateAsync({ idDocumento: favorito.idDocumento, tags }),
        );
        setEditando(null);
        snackbar.sucesso(MENSAGENS.documento.marcadoresSalvos);
      } catch (erro) {
        snackbar.erro(mensagemDoErro(erro, MENSAGENS.favoritos.erroSalvarMarcadores));
      }
    });
  }

  function confirmarRemocao() {
    const favorito = removendo;
    if (!favorito) return;
    void comFavoritoOcupado(favorito.idDocumento, async () => {
      try {
        await executar('Removendo dos favoritos', () => remover.mutateAsync(favorito.idDocumento));
        setRemovendo(null);
        snackbar.sucesso(MENSAGENS.favoritos.removido);
        // The last row of a page gone: show the previous page.
        if (lista.data && lista.data.itens.length === 1 && estado.pagina > 1) {
          irPara({ ...estado, pagina: estado.pagina - 1 });
        }
      } catch (erro) {
        setRemovendo(null);
        snackbar.erro(mensagemComDetalhe(MENSAGENS.favoritos.erroRemover, erro));
      }
    });
  }

  // The dialog keeps naming the document while it fades out after closing.
  const numeroRemovendo = useRef('');
  if (removendo) numeroRemovendo.current = removendo.numero;

  const notificacoesDesligadas = usuario !== null && !usuario.configuracoes.notificacoesPorEmail;

  return (
    <Pagina
      titulo="Documentos favoritos"
      descricao="Documentos que você acompanha: organize-os com marcadores e receba por e-mail as suas movimentações."
    >
      <FormularioFavoritos
        valores={valores}
        aoMudar={setValores}
        aoFiltrar={filtrar}
        aoLimpar={limpar}
        erro={erroFormulario ?? erroUrl}
      />
      {notificacoesDesligadas ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="aviso-notificacoes">
          As notificações por e-mail estão desligadas nas suas{' '}
          <Link component={RouterLink} to="/usuario">
            configurações
          </Link>
          : os favoritos acompanhados só enviam e-mails quando elas estão ligadas.
        </Alert>
      ) : null}
      {lista.error ? (
        <Alert severity="error" role="status" sx={{ mb: 2 }} data-testid="erro-favoritos">
          {mensagemComDetalhe(MENSAGENS.favoritos.erroCarregar, lista.error)}
        </Alert>
      ) : null}
      {!erroUrl && lista.data ? (
        <TabelaFavoritos
          resultado={lista.data}
          atualizando={lista.isPlaceholderData}
          ocupados={ocupados}
          aoPaginar={(pagina, tamanhoPagina) => irPara({ ...estado, pagina, tamanhoPagina })}
          aoEditarMarcadores={setEditando}
          aoAlternarAcompanhamento={alternarAcompanhamento}
          aoRemover={setRemovendo}
        />
      ) : (
        <Box sx={{ minHeight: 120 }} />
      )}
      {editando ? (
        <DialogoMarcadores
          key={editando.idDocumento}
          favorito={editando}
          ocupado={ocupados.has(editando.idDocumento)}
          aoSalvar={salvarMarcadores}
          aoCancelar={() => setEditando(null)}
        />
      ) : null}
      <DialogoConfirmacao
        aberto={removendo !== null}
        titulo="Remover dos favoritos"
        rotuloConfirmar="Remover"
        ocupado={removendo !== null && ocupados.has(removendo.idDocumento)}
        aoConfirmar={confirmarRemocao}
        aoCancelar={() => setRemovendo(null)}
      >
        Remover o documento {numeroRemovendo.current} dos seus favoritos? Os marcadores que você pôs nele continuam na
        página do documento, e o acompanhamento por e-mail deixa de existir.
      </DialogoConfirmacao>
    </Pagina>
  );
}
