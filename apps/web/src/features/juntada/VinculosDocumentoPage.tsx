import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import {
  Alert,
  Button,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type Agregado, mensagemDesjuntada, ROTULOS_TIPO_AGREGACAO, type TipoAgregacao } from '@tramite/shared';
import { useState } from 'react';
import { Link as LinkRouter, useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { unidadeAtual, useUsuario } from '../../lib/sessao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento } from '../documentos/api';
import { useDesjuntar, useVinculos } from './api';

const TEXTOS = {
  erroVinculos: 'Não foi possível carregar os vínculos do documento',
  erroDesjuntar: 'Não foi possível desfazer a juntada',
} as const;

const ACAO_DESFAZER: Record<TipoAgregacao, string> = { ANEXACAO: 'Desanexar', APENSACAO: 'Desapensar' };

function TabelaAgregados(props: {
  titulo: string;
  agregados: Agregado[];
  podeDesfazer: boolean;
  aoDesfazer: (agregado: Agregado) => void;
}) {
  const idTitulo = `titulo-${props.titulo.toLowerCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id={idTitulo} component="h2" variant="h6" sx={{ mb: 1 }}>
        {props.titulo}
      </Typography>
      {props.agregados.length === 0 ? (
        <Typography color="text.secondary">Nenhum documento.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={idTitulo}>
            <TableHead>
              <TableRow>
                <TableCell>Número</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell>Juntado em</TableCell>
                <TableCell>Juntado por</TableCell>
                {props.podeDesfazer ? <TableCell>Ações</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.agregados.map((a) => (
                <TableRow key={a.idAgregado}>
                  <TableCell>
                    <Link component={LinkRouter} to={`/documentos/${a.idDocumento}`}>
                      {a.numero}
                    </Link>
                  </TableCell>
                  <TableCell>{a.tipo}</TableCell>
                  <TableCell>{formatarDataHora(a.juntadoEm)}</TableCell>
                  <TableCell>{a.juntadoPor}</TableCell>
                  {props.podeDesfazer ? (
                    <TableCell>
                      <Button
                        size="small"
                        startIcon={<LinkOffOutlined />}
                        onClick={() => props.aoDesfazer(a)}
                        aria-label={`${ACAO_DESFAZER[a.tipoAgregacao]} ${a.numero}`}
                      >
                        {ACAO_DESFAZER[a.tipoAgregacao]}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/**
 * Spec §2 and §4: the documents attached and appended to this one and the document it is joined into. The unit that
 * holds the document may undo each join; the links are then reloaded.
 */
export function VinculosDocumentoPage() {
  const { documentId = '' } = useParams();
  const idDocumento = /^\d+$/.test(documentId) ? Number(documentId) : null;
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const vinculos = useVinculos(idDocumento);
  const documento = useDocumento(idDocumento);
  const desjuntar = useDesjuntar(idDocumento ?? 0);
  const [desfazendo, setDesfazendo] = useState<Agregado | null>(null);
  useErroConsulta(vinculos.error, (erro) => mensagemDoErro(erro, TEXTOS.erroVinculos));

  const dados = vinculos.data;
  const doc = documento.data;
  const podeDesfazer =
    usuario !== null &&
    doc !== undefined &&
    unidadeAtual(usuario)?.id === doc.unidadeAtual.id &&
    (doc.situacao === 'RECEBIDO' || doc.situacao === 'T');
  const anexados = dados?.agregados.filter((a) => a.tipoAgregacao === 'ANEXACAO') ?? [];
  const apensados = dados?.agregados.filter((a) => a.tipoAgregacao === 'APENSACAO') ?? [];

  async function confirmarDesfazer() {
    if (!desfazendo) return;
    const alvo = desfazendo;
    try {
      await executar('Desfazendo a juntada', () => desjuntar.mutateAsync(alvo.idAgregado));
      snackbar.sucesso(mensagemDesjuntada(alvo.tipoAgregacao));
    } catch (falha) {
      snackbar.erro(mensagemComDetalhe(TEXTOS.erroDesjuntar, falha));
    } finally {
      setDesfazendo(null);
    }
  }

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
          <TabelaAgregados
            titulo="Anexados"
            agregados={anexados}
            podeDesfazer={podeDesfazer}
            aoDesfazer={setDesfazendo}
          />
          <TabelaAgregados
            titulo="Apensados"
            agregados={apensados}
            podeDesfazer={podeDesfazer}
            aoDesfazer={setDesfazendo}
          />
        </Stack>
      ) : null}
      <DialogoConfirmacao
        aberto={desfazendo !== null}
        titulo={desfazendo ? `${ACAO_DESFAZER[desfazendo.tipoAgregacao]} documento` : ''}
        rotuloConfirmar={desfazendo ? ACAO_DESFAZER[desfazendo.tipoAgregacao] : 'Confirmar'}
        ocupado={desjuntar.isPending}
        aoCancelar={() => setDesfazendo(null)}
        aoConfirmar={() => void confirmarDesfazer()}
      >
        {desfazendo
          ? `Confirma que o documento ${desfazendo.numero} deixará de estar juntado a este? Ele volta à situação que tinha antes da juntada e permanece na unidade atual.`
          : null}
      </DialogoConfirmacao>
    </Pagina>
  );
}
