import { Alert, Link, Paper, Stack, Typography } from '@mui/material';
import { type Agregado, ROTULOS_TIPO_AGREGACAO } from '@tramite/shared';
import { useState } from 'react';
import { Link as LinkRouter } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { Pagina } from '../../components/Pagina';
import { mensagemDoErro } from '../../lib/api';
import { unidadeAtual, useUsuario } from '../../lib/sessao';
import { useDocumentoDaRota } from '../../lib/use-documento-da-rota';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento } from '../documentos/api';
import { useVinculos } from './api';
import { DialogoDesfazerJuntada } from './DialogoDesfazerJuntada';
import { TabelaAgregados } from './TabelaAgregados';

const TEXTOS = {
  erroVinculos: 'Não foi possível carregar os vínculos do documento',
} as const;

/** The joined documents, in a table for each kind of join. */
const GRUPOS = [
  { titulo: 'Anexados', tipo: 'ANEXACAO' },
  { titulo: 'Apensados', tipo: 'APENSACAO' },
] as const;

/**
 * Spec §2 and §4: the documents attached and appended to this one and the document it is joined into. The unit that
 * holds the document may undo each join; the links are then reloaded.
 */
export function VinculosDocumentoPage() {
  const { documentId, idDocumento } = useDocumentoDaRota();
  const usuario = useUsuario();
  const vinculos = useVinculos(idDocumento);
  const documento = useDocumento(idDocumento);
  const [desfazendo, setDesfazendo] = useState<Agregado | null>(null);
  useErroConsulta(vinculos.error, (erro) => mensagemDoErro(erro, TEXTOS.erroVinculos));

  const dados = vinculos.data;
  const doc = documento.data;
  const podeDesfazer =
    usuario !== null &&
    doc !== undefined &&
    unidadeAtual(usuario)?.id === doc.unidadeAtual.id &&
    (doc.situacao === 'RECEBIDO' || doc.situacao === 'T');

  return (
    <Pagina titulo="Vínculos do documento" descricao={doc ? `Documento ${doc.numero}` : undefined}>
      <AbasDocumento documentId={documentId} />
      {vinculos.isError ? (
        <Alert severity="error">{mensagemDoErro(vinculos.error, TEXTOS.erroVinculos)}</Alert>
      ) : dados ? (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              Juntado a
            </Typography>
            {dados.agregador ? (
              <Typography>
                {ROTULOS_TIPO_AGREGACAO[dados.agregador.tipoAgregacao]} ao documento{' '}
                <Link component={LinkRouter} to={`/documentos/${dados.agregador.idDocumento}`}>
                  {dados.agregador.numero}
                </Link>
              </Typography>
            ) : (
              <Typography color="text.secondary">Este documento não está juntado a outro.</Typography>
            )}
          </Paper>
          {GRUPOS.map(({ titulo, tipo }) => (
            <TabelaAgregados
              key={tipo}
              titulo={titulo}
              agregados={dados.agregados.filter((agregado) => agregado.tipoAgregacao === tipo)}
              podeDesfazer={podeDesfazer}
              aoDesfazer={setDesfazendo}
            />
          ))}
        </Stack>
      ) : null}
      <DialogoDesfazerJuntada idDocumento={idDocumento} agregado={desfazendo} aoFechar={() => setDesfazendo(null)} />
    </Pagina>
  );
}
