import { Alert, Box, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { type Documento, MENSAGENS_AUTUACAO, type Usuario } from '@tramite/shared';
import { lazy, Suspense } from 'react';
import { AbasDocumento } from '../../components/AbasDocumento';
import { Pagina } from '../../components/Pagina';
import { mensagemDoErro } from '../../lib/api';
import { rotuloSituacaoDocumento } from '../../lib/rotulos-documento';
import { useUsuario } from '../../lib/sessao';
import { useDocumentoDaRota } from '../../lib/use-documento-da-rota';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { SecaoCiencias } from '../ciencia/api';
import { AvisoSobrestamento } from '../sobrestamento/api';
import { AcoesDocumento } from './AcoesDocumento';
import { useDocumento } from './api';
import { DadosDocumento } from './DadosDocumento';
import { EditorMarcadores } from './EditorMarcadores';
import { PrazoDocumento } from './PrazoDocumento';

// The content search (issue 21) loads after the page: its list and excerpts are not needed to show the document.
const BuscaConteudoDocumento = lazy(async () => ({
  default: (await import('../conteudo/api')).BuscaConteudoDocumento,
}));

function ConteudoDocumento({ documento, usuario }: { documento: Documento; usuario: Usuario | null }) {
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box>
          <Typography component="h2" variant="h3" data-testid="numero-documento" sx={{ overflowWrap: 'anywhere' }}>
            {documento.numero}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary">
            {documento.tipo}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Chip label={rotuloSituacaoDocumento(documento)} color="primary" variant="outlined" />
            {documento.urgente ? <Chip label="Urgente" color="error" /> : null}
          </Stack>
        </Box>
        <AvisoSobrestamento documento={documento} idUnidadeUsuario={usuario?.configuracoes.idUnidadeAtual ?? null} />
        <Box sx={{ mt: 3 }}>
          <AcoesDocumento documento={documento} usuario={usuario} />
        </Box>
      </Paper>

      <PrazoDocumento documento={documento} usuario={usuario} />

      <Paper variant="outlined" component="section" aria-labelledby="titulo-dados" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="titulo-dados" component="h2" variant="h6" sx={{ mb: 2 }}>
          Dados do documento
        </Typography>
        <DadosDocumento documento={documento} />
      </Paper>

      {/* The fallback keeps the section's height, so nothing below moves when it loads. */}
      <Suspense fallback={<Skeleton variant="rounded" height={162} />}>
        <BuscaConteudoDocumento idDocumento={documento.idDocumento} />
      </Suspense>

      {usuario ? <SecaoCiencias idDocumento={documento.idDocumento} /> : null}

      {usuario ? (
        <Paper variant="outlined" component="section" aria-labelledby="titulo-marcadores" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="titulo-marcadores" component="h2" variant="h6" sx={{ mb: 2 }}>
            Marcadores
          </Typography>
          <EditorMarcadores
            key={documento.tags.join('\n')}
            idDocumento={documento.idDocumento}
            marcadores={documento.tags}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** Spec §2: the document's data and, for a logged-in user, its actions (public route). */
export function InformacoesDocumentoPage() {
  const { documentId, idDocumento } = useDocumentoDaRota();
  const usuario = useUsuario();
  const documento = useDocumento(idDocumento);
  const mensagemErro = (erro: unknown) => mensagemDoErro(erro, MENSAGENS_AUTUACAO.erroBuscarDadosDocumento);
  useErroConsulta(documento.error, mensagemErro);

  return (
    <Pagina titulo="Informações do documento" tituloDocumento={documento.data?.numero ?? 'Informações do documento'}>
      <AbasDocumento documentId={documentId} />
      {idDocumento === null ? (
        <Alert severity="error" role="status">
          {MENSAGENS_AUTUACAO.erroBuscarDadosDocumento}
        </Alert>
      ) : null}
      {documento.error ? (
        <Alert severity="error" role="status" data-testid="erro-documento">
          {mensagemErro(documento.error)}
        </Alert>
      ) : null}
      {documento.isLoading ? <Skeleton variant="rounded" height={240} /> : null}
      {documento.data ? <ConteudoDocumento documento={documento.data} usuario={usuario} /> : null}
    </Pagina>
  );
}
