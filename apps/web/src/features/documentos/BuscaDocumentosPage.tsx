import { Alert } from '@mui/material';
import { MENSAGENS_BUSCA } from '@tramite/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarraProgresso } from '../../components/feedback/BarraProgresso';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useBuscaDocumentos } from './api';
import { FormularioBusca } from './FormularioBusca';
import {
  consultaDaBusca,
  type EstadoBusca,
  escreverBusca,
  filtrosVazios,
  lerBusca,
  temFiltros,
  type ValoresFiltros,
  validarBusca,
} from './filtros-url';

// The results table loads with the first search, beside its request: the empty search screen does not carry it.
const carregarResultados = () => import('./ResultadosBusca');
const ResultadosBusca = lazy(async () => ({ default: (await carregarResultados()).ResultadosBusca }));

const ProgressoBusca = () => <BarraProgresso rotulo="Buscando documentos" sx={{ mb: 1 }} />;

/**
 * Document search (spec §2, public). The query string is the search: every filter, the page and the order live
 * there, so a search can be shared, reloaded and navigated with the browser's back and forward buttons.
 */
export function BuscaDocumentosPage() {
  const logado = useUsuario() !== null;
  const snackbar = useSnackbar();
  const [parametros, setParametros] = useSearchParams();
  const chave = parametros.toString();
  const estado = lerBusca(parametros);
  const [valores, setValores] = useState<ValoresFiltros>(estado.filtros);
  // After a refused search the form checks itself as the user types: a message goes away when its cause does.
  const [recusada, setRecusada] = useState(false);
  const erroFormulario = recusada ? validarBusca(valores, logado) : null;

  // The form follows the URL when it changes from outside (back/forward, a link).
  useEffect(() => {
    const filtros = lerBusca(new URLSearchParams(chave)).filtros;
    setValores(filtros);
    // A link with a broken combination is a refused search too: fixing the form clears its message.
    setRecusada(temFiltros(filtros) && validarBusca(filtros, logado) !== null);
  }, [chave, logado]);

  const buscaNaUrl = temFiltros(estado.filtros);
  const erroUrl = buscaNaUrl ? validarBusca(estado.filtros, logado) : null;
  // A new object each render: the message, not the object, says whether the URL's rule changed.
  const mensagemErroUrl = erroUrl?.message ?? null;
  useEffect(() => {
    if (mensagemErroUrl) snackbar.erro(mensagemErroUrl);
  }, [mensagemErroUrl, snackbar]);

  const consulta = buscaNaUrl && !erroUrl ? consultaDaBusca(estado, logado) : null;
  const resultado = useBuscaDocumentos(consulta);
  const buscando = consulta !== null;
  useEffect(() => {
    if (buscando) void carregarResultados();
  }, [buscando]);
  useErroConsulta(resultado.error, (erro) => mensagemComDetalhe(MENSAGENS_BUSCA.erroCarregarDocumentos, erro));

  function irPara(novo: EstadoBusca) {
    const proximos = escreverBusca(novo);
    if (proximos.toString() === chave) {
      void resultado.refetch();
    } else {
      setParametros(proximos);
    }
  }

  function buscar() {
    const erro = validarBusca(valores, logado);
    setRecusada(erro !== null);
    if (erro) {
      snackbar.erro(erro.message);
      return;
    }
    irPara({ ...estado, filtros: valores, pagina: 1 });
  }

  function limpar() {
    setValores(filtrosVazios());
    setRecusada(false);
    setParametros(new URLSearchParams());
  }

  return (
    <Pagina
      titulo="Busca de documentos"
      descricao="Pesquise documentos e processos por número, resumo do assunto, tipo, datas, interessado, procedência ou responsável pela tramitação."
    >
      <FormularioBusca
        valores={valores}
        aoMudar={setValores}
        aoBuscar={buscar}
        aoLimpar={limpar}
        erro={recusada ? erroFormulario : erroUrl}
        logado={logado}
      />
      {resultado.isFetching ? <ProgressoBusca /> : null}
      {resultado.error ? (
        <Alert severity="error" role="status" data-testid="erro-resultados">
          {mensagemComDetalhe(MENSAGENS_BUSCA.erroCarregarDocumentos, resultado.error)}
        </Alert>
      ) : null}
      {consulta && resultado.data ? (
        <Suspense fallback={resultado.isFetching ? null : <ProgressoBusca />}>
          <ResultadosBusca
            resultado={resultado.data}
            estado={estado}
            atualizando={resultado.isPlaceholderData}
            aoPaginar={(pagina, tamanhoPagina) => irPara({ ...estado, pagina, tamanhoPagina })}
            aoOrdenar={(ordenacao, direcao) => irPara({ ...estado, ordenacao, direcao, pagina: 1 })}
          />
        </Suspense>
      ) : null}
    </Pagina>
  );
}
