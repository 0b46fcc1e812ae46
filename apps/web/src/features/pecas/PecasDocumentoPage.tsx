import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { MENSAGENS, type Peca } from '@tramite/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemDoErro } from '../../lib/api';
import { salvarArquivo } from '../../lib/download';
import { useUsuario } from '../../lib/sessao';
import { useDocumentoDaRota } from '../../lib/use-documento-da-rota';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento, useHipotesesLegais } from '../documentos/api';
import type { AcaoPeca } from './AcoesPeca';
import { motivoSemAlteracao } from './alteracao';
import { baixarArquivo, useAlterarPeca, useExcluirPeca, usePecas } from './api';
import { DialogoCancelamento } from './DialogoCancelamento';
import { DialogoEdicaoPeca } from './DialogoEdicaoPeca';
import { DialogoSequencia } from './DialogoSequencia';
import { TabelaPecas } from './TabelaPecas';
import { nomePeca, TEXTOS } from './textos';

/** Spec §2: the peças table of a document (public); the unit holding it edits, reorders, cancels and deletes. */
export function PecasDocumentoPage() {
  const { documentId, idDocumento } = useDocumentoDaRota();
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const documento = useDocumento(idDocumento);
  const pecas = usePecas(idDocumento);
  const alterar = useAlterarPeca(idDocumento ?? 0);
  const excluir = useExcluirPeca(idDocumento ?? 0);
  const [acao, setAcao] = useState<{ tipo: AcaoPeca; peca: Peca } | null>(null);
  const editando = acao?.tipo === 'editar';
  const hipoteses = useHipotesesLegais(editando);

  useErroConsulta(pecas.error, MENSAGENS.arquivos.erroCarregarPecas);

  const podeAdicionar = motivoSemAlteracao(documento.data, usuario) === null;
  const ativas = (pecas.data ?? []).filter((peca) => peca.situacaoVinculo === null).length;
  const ocupado = alterar.isPending || excluir.isPending;

  async function mover(peca: Peca, sequencial: number) {
    try {
      await executar('Alterando a sequência', () => alterar.mutateAsync({ peca, corpo: { sequencial } }));
      snackbar.sucesso(MENSAGENS.arquivos.sequenciaAlterada);
      setAcao(null);
    } catch (erro) {
      // Spec §8: a sequence-change failure shows the server's message.
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroSequencia));
    }
  }

  async function baixar(peca: Peca) {
    try {
      const { blob, nomeArquivo } = await executar('Buscando o arquivo', () => baixarArquivo(peca));
      salvarArquivo(blob, nomeArquivo ?? nomePeca(peca));
    } catch {
      snackbar.erro(MENSAGENS.arquivos.erroBuscarArquivo);
    }
  }

  async function confirmarExclusao(peca: Peca) {
    try {
      await executar('Excluindo a peça', () => excluir.mutateAsync(peca));
      snackbar.sucesso(MENSAGENS.arquivos.excluido(nomePeca(peca)));
      setAcao(null);
    } catch (erro) {
      setAcao(null);
      const detalhe = erro instanceof ErroHttp ? erro.mensagemServidor : undefined;
      snackbar.erro(`${MENSAGENS.arquivos.naoExcluido(nomePeca(peca))}${detalhe ? `: ${detalhe}` : ''}`);
    }
  }

  const numero = documento.data?.numero;
  return (
    <Pagina
      titulo={TEXTOS.tituloPecas}
      tituloDocumento={numero ? `Peças — ${numero}` : TEXTOS.tituloPecas}
      descricao={numero ? `Documento ${numero}` : undefined}
      acoes={
        podeAdicionar && idDocumento !== null ? (
          <Button
            component={RouterLink}
            to={`/documentos/${idDocumento}/pecas/upload`}
            variant="contained"
            startIcon={<UploadFileOutlined />}
          >
            {TEXTOS.adicionarPecas}
          </Button>
        ) : null
      }
    >
      <AbasDocumento documentId={documentId} />
      {idDocumento === null || pecas.error ? (
        <Alert severity="error" role="status" data-testid="erro-pecas">
          {MENSAGENS.arquivos.erroCarregarPecas}
        </Alert>
      ) : null}
      {pecas.isLoading ? (
        <Skeleton variant="rounded" height={200} role="status" aria-label={TEXTOS.carregandoPecas} />
      ) : null}
      {pecas.data ? (
        <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
          {pecas.data.length === 0 ? (
            <Typography sx={{ p: 2 }}>{TEXTOS.nenhumaPeca}</Typography>
          ) : (
            <TabelaPecas
              pecas={pecas.data}
              ocupado={ocupado}
              aoMover={mover}
              aoAgir={(tipo, peca) => setAcao({ tipo, peca })}
              aoBaixar={baixar}
            />
          )}
          <Stack direction="row" sx={{ mt: 1, px: 1 }}>
            <Typography variant="body2" color="text.secondary" role="status">
              {pecas.data.length === 1 ? '1 peça' : `${pecas.data.length} peças`}
              {ativas !== pecas.data.length ? `, ${ativas} ativas` : ''}
            </Typography>
          </Stack>
        </Paper>
      ) : null}

      {acao?.tipo === 'editar' ? (
        <DialogoEdicaoPeca
          key={acao.peca.idAcessoAnexo}
          peca={acao.peca}
          hipoteses={hipoteses.data ?? []}
          carregandoHipoteses={hipoteses.isLoading}
          aoFechar={() => setAcao(null)}
        />
      ) : null}
      {acao?.tipo === 'sequencia' ? (
        <DialogoSequencia
          peca={acao.peca}
          total={ativas}
          ocupado={alterar.isPending}
          aoConfirmar={(sequencial) => mover(acao.peca, sequencial)}
          aoFechar={() => setAcao(null)}
        />
      ) : null}
      {acao?.tipo === 'cancelar' ? <DialogoCancelamento peca={acao.peca} aoFechar={() => setAcao(null)} /> : null}
      <DialogoConfirmacao
        aberto={acao?.tipo === 'excluir'}
        titulo="Excluir peça"
        rotuloConfirmar="Excluir"
        ocupado={excluir.isPending}
        aoConfirmar={() => (acao ? confirmarExclusao(acao.peca) : undefined)}
        aoCancelar={() => setAcao(null)}
      >
        {acao ? `Excluir “${nomePeca(acao.peca)}”? As peças seguintes são renumeradas.` : ''}
      </DialogoConfirmacao>
    </Pagina>
  );
}
