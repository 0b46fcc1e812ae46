import { Alert } from '@mui/material';
import { MENSAGENS, motivoNaoEditavel } from '@tramite/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento } from './api';
import { camposDoDocumento } from './campos-autuacao';
import { FormularioAutuacao } from './FormularioAutuacao';

/** Spec §8: the prefix followed by the status text of the failed load. */
function mensagemInicializacao(erro: unknown): string {
  const detalhe = erro instanceof ErroHttp ? (erro.mensagemServidor ?? erro.message) : String(erro);
  return `${MENSAGENS.autuacao.erroInicializacao}${detalhe}`;
}

export function EdicaoAutuacaoPage() {
  const { idDocumento: parametro = '' } = useParams();
  const idDocumento = /^\d+$/.test(parametro) ? Number(parametro) : null;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const documento = useDocumento(idDocumento);
  useErroConsulta(documento.error, mensagemInicializacao);

  // Spec §4: a document that cannot be edited sends the user, told why, to a new opening. Decided on the
  // first load only: the saved document (e.g. now físico) must not bounce the user who just saved it.
  const [motivo, setMotivo] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!documento.data || motivo !== undefined) return;
    const encontrado = motivoNaoEditavel(documento.data);
    setMotivo(encontrado);
    if (encontrado) {
      snackbar.erro(encontrado);
      void navigate('/autuacoes', { replace: true });
    }
  }, [documento.data, motivo, navigate, snackbar]);

  return (
    <Pagina titulo="Edição de autuação" descricao={documento.data ? `Documento ${documento.data.numero}` : undefined}>
      {idDocumento === null ? (
        <Alert severity="error" role="status">
          {MENSAGENS.autuacao.erroInicializacao}
          número de documento inválido
        </Alert>
      ) : null}
      {documento.error ? (
        <Alert severity="error" role="status">
          {mensagemInicializacao(documento.error)}
        </Alert>
      ) : null}
      {documento.data && motivo === null ? (
        <FormularioAutuacao
          key={documento.data.idDocumento}
          idDocumento={documento.data.idDocumento}
          valoresIniciais={camposDoDocumento(documento.data)}
        />
      ) : null}
    </Pagina>
  );
}
