import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import {
  formatarCodigoVerificacao,
  MENSAGENS,
  normalizarCodigoVerificacao,
  type VerificacaoDocumento,
} from '@tramite/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Pagina } from '../../components/Pagina';
import { formatarDataHora } from '../../lib/formatacao';
import { rotuloProcessamento, rotuloSituacao } from '../../lib/rotulos-documento';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { codigoNaoEncontrado, useVerificacao } from './api';

function Item({ rotulo, children, testId }: { rotulo: string; children: ReactNode; testId?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {rotulo}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

const unidade = (valor: { sigla: string; nome: string }) => `${valor.sigla} — ${valor.nome}`;

function DocumentoVerificado({ documento }: { documento: VerificacaoDocumento }) {
  const processamento = rotuloProcessamento(documento.estado);
  const situacao = rotuloSituacao(documento.situacao);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="titulo-verificado" sx={{ p: { xs: 2, md: 3 } }}>
      <Alert severity="success" icon={<VerifiedOutlined />} sx={{ mb: 3 }} role="status">
        <span id="titulo-verificado">
          Documento autêntico: o código {documento.codigoVerificacao} pertence ao documento abaixo.
        </span>
      </Alert>
      <Typography component="h2" variant="h4" data-testid="numero-verificado" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {documento.numero}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
        }}
      >
        <Item rotulo="Tipo">{documento.tipo}</Item>
        <Item rotulo="Assunto">
          {documento.assunto ? `${documento.assunto.codigo} — ${documento.assunto.descricao}` : null}
        </Item>
        <Item rotulo="Resumo do assunto">{documento.resumoAssunto}</Item>
        <Item rotulo="Data de autuação">{formatarDataHora(documento.dataAutuacao)}</Item>
        <Item rotulo="Primeiro envio">{formatarDataHora(documento.dataPrimeiroEnvio)}</Item>
        <Item rotulo="Unidade de origem">{unidade(documento.unidadeOrigem)}</Item>
        <Item rotulo="Situação">
          {situacao}
          {processamento && processamento !== situacao ? ` · ${processamento}` : ''}
        </Item>
        <Item rotulo="Unidade atual">{unidade(documento.unidadeAtual)}</Item>
        <Item rotulo="Código de verificação">{documento.codigoVerificacao}</Item>
      </Box>
      {documento.idDocumento !== null ? (
        <Link
          component={RouterLink}
          to={`/documentos/${documento.idDocumento}`}
          sx={{ display: 'inline-block', mt: 3 }}
        >
          Ver as informações do documento
        </Link>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          O documento ainda está em criação: seu assunto será público depois do primeiro envio.
        </Typography>
      )}
    </Paper>
  );
}

/**
 * Public page the QR code of the cover and the receipt opens (/verificacao/:codigo); /verificacao alone is the
 * form to type a code.
 */
export function VerificacaoPage() {
  const { codigo: doEndereco } = useParams();
  const navigate = useNavigate();
  const codigo = doEndereco ? doEndereco.trim() : null;
  const [digitado, setDigitado] = useState(codigo ?? '');
  const [erroCampo, setErroCampo] = useState<string | null>(null);
  const verificacao = useVerificacao(codigo);
  const naoEncontrado = codigoNaoEncontrado(verificacao.error);
  useErroConsulta(naoEncontrado ? null : verificacao.error, MENSAGENS.verificacao.erroVerificar);

  function verificar(evento: FormEvent) {
    evento.preventDefault();
    const normalizado = normalizarCodigoVerificacao(digitado);
    if (!normalizado) {
      setErroCampo(MENSAGENS.verificacao.codigoIncompleto);
      return;
    }
    navigate(`/verificacao/${formatarCodigoVerificacao(normalizado)}`);
  }

  return (
    <Pagina
      titulo="Verificação de documento"
      descricao="Confira a autenticidade de uma capa ou de um comprovante de protocolo pelo código de verificação impresso neles."
    >
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Box
            component="form"
            noValidate
            onSubmit={verificar}
            role="search"
            aria-label="Verificar código"
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              id="campo-codigo-verificacao"
              label="Código de verificação"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={digitado}
              onChange={(evento) => {
                setDigitado(evento.target.value);
                setErroCampo(null);
              }}
              error={erroCampo !== null}
              helperText={erroCampo ?? 'Os 16 caracteres impressos junto ao código QR, com ou sem hífens'}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, style: { textTransform: 'uppercase' } } }}
              sx={{ flex: '1 1 280px', maxWidth: 420 }}
            />
            <Button type="submit" variant="contained" sx={{ mt: 1 }}>
              Verificar
            </Button>
          </Box>
        </Paper>
        {verificacao.isLoading ? <Skeleton variant="rounded" height={240} aria-label="Verificando" /> : null}
        {naoEncontrado ? (
          <Alert severity="warning" role="status" data-testid="verificacao-nao-encontrada">
            {MENSAGENS.verificacao.codigoNaoEncontrado}
          </Alert>
        ) : null}
        {verificacao.error && !naoEncontrado ? (
          <Alert severity="error" role="status">
            {MENSAGENS.verificacao.erroVerificar}
          </Alert>
        ) : null}
        {verificacao.data ? <DocumentoVerificado documento={verificacao.data} /> : null}
      </Stack>
    </Pagina>
  );
}
