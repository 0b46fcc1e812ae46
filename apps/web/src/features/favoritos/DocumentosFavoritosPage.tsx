import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Link } from '@mui/material';
import { type ItemFavorito, MENSAGENS, validarMarcadores } from '@tramite/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAlterarAcompanhamento, useFavoritos, useRemoverFavorito, useSalvarMarcadoresFavorito } from './api';
import { DialogoMarcadores } from './DialogoMarcadores';
import { FormularioFavoritos } from './FormularioFavoritos';
import {
  camposDosFiltros,
  consultaDosFavoritos,
  type EstadoFavoritos,
  escreverFavoritos,
  favoritosSchema,
  filtrosDosCampos,
  filtrosVazios,
  lerFavoritos,
  validarFavoritos,
} from './filtros-favoritos';
import { TabelaFavoritos } from './TabelaFavoritos';

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
  const formulario = useForm({
    resolver: zodResolver(favoritosSchema, undefined, { raw: true }),
    defaultValues: camposDosFiltros(estado.filtros),
    shouldFocusError: false,
  });
  const { reset } = formulario;
  const [editando, setEditando] = useState<ItemFavorito | null>(null);
  const [removendo, setRemovendo] = useState<ItemFavorito | null>(null);
  const [ocupados, setOcupados] = useState<ReadonlySet<number>>(new Set());
  const acompanhamento = useAlterarAcompanhamento();
  const marcadores = useSalvarMarcadoresFavorito();
  const remover = useRemoverFavorito();

  // The form follows the URL when it changes from outside (back/forward, a link).
  useEffect(() => {
    reset(camposDosFiltros(lerFavoritos(new URLSearchParams(chave)).filtros));
  }, [chave, reset]);

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

  // A state already in the URL asks the server again: filtering twice is two searches.
  const irPara = (novo: EstadoFavoritos) => {
    const proximos = escreverFavoritos(novo);
    if (proximos.toString() === chave) void lista.refetch();
    else setParametros(proximos);
  };

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
        formulario={formulario}
        aoFiltrar={(campos) => irPara({ ...estado, filtros: filtrosDosCampos(campos), pagina: 1 })}
        aoLimpar={() => {
          reset(camposDosFiltros(filtrosVazios()));
          setParametros(new URLSearchParams());
        }}
        erro={formulario.formState.errors.root?.message ?? erroUrl}
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
