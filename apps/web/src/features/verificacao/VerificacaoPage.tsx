import { zodResolver } from '@hookform/resolvers/zod';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Alert, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  formatarCodigoVerificacao,
  MENSAGENS,
  normalizarCodigoVerificacao,
  type VerificacaoDocumento,
} from '@tramite/shared';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { ItemDados as Item, ListaDados } from '../../components/ListaDados';
import { Pagina } from '../../components/Pagina';
import { formatarDataHora } from '../../lib/formatacao';
import { rotuloProcessamento, rotuloSituacao } from '../../lib/rotulos-documento';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { codigoNaoEncontrado, useVerificacao } from './api';

const unidade = (valor: { sigla: string; nome: string }) => `${valor.sigla} — ${valor.nome}`;

/** The code as typed (any case, with or without spaces and hyphens), read into the stored code. */
const verificacaoSchema = z.object({
  codigo: z.string().transform((texto, contexto) => {
    const normalizado = normalizarCodigoVerificacao(texto);
    if (normalizado) return normalizado;
    contexto.addIssue({ code: 'custom', message: MENSAGENS.verificacao.codigoIncompleto });
    return z.NEVER;
  }),
});

function DocumentoVerificado({ documento }: { documento: VerificacaoDocumento }) {
  const processamento = rotuloProcessamento(documento.estado);
  const situacao = rotuloSituacao(documento.situacao, documento.estado);
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
      <ListaDados>
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
      </ListaDados>
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
  const formulario = useForm({
    resolver: zodResolver(verificacaoSchema),
    defaultValues: { codigo: codigo ?? '' },
    shouldFocusError: false,
  });
  const { control, clearErrors } = formulario;
  const verificacao = useVerificacao(codigo);
  const naoEncontrado = codigoNaoEncontrado(verificacao.error);
  useErroConsulta(naoEncontrado ? null : verificacao.error, MENSAGENS.verificacao.erroVerificar);

  // A message about the code typed goes away as soon as the code changes (and comes back only with the next try).
  const digitado = useWatch({ control, name: 'codigo' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the code is what clears the message.
  useEffect(() => clearErrors('codigo'), [digitado, clearErrors]);

  return (
    <Pagina
      titulo="Verificação de documento"
      descricao="Confira a autenticidade de uma capa ou de um comprovante de protocolo pelo código de verificação impresso neles."
    >
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Formulario
            formulario={formulario}
            aoEnviar={({ codigo: normalizado }) => navigate(`/verificacao/${formatarCodigoVerificacao(normalizado)}`)}
            role="search"
            aria-label="Verificar código"
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <CampoTextoControlado
              control={control}
              name="codigo"
              id="campo-codigo-verificacao"
              label="Código de verificação"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              textoAjuda="Os 16 caracteres impressos junto ao código QR, com ou sem hífens"
              autoComplete="off"
              maxLength={40}
              atributosEntrada={{ spellCheck: false, style: { textTransform: 'uppercase' } }}
              sx={{ flex: '1 1 280px', maxWidth: 420 }}
            />
            <Button type="submit" variant="contained" sx={{ mt: 1 }}>
              Verificar
            </Button>
          </Formulario>
        </Paper>
        {verificacao.isLoading ? (
          <Skeleton variant="rounded" height={240} role="status" aria-label="Verificando" />
        ) : null}
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
