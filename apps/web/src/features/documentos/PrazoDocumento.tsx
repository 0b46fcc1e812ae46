import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { type Documento, rotuloOrigemPrazo, type Usuario } from '@tramite/shared';
import { lazy, Suspense, useState } from 'react';
import { SeloPrazo } from '../../components/SeloPrazo';
import { formatarData, formatarDataHora } from '../../lib/formatacao';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useUltimaTramitacao } from './api-prazo';
import { TEXTOS_PRAZO } from './textos-prazo';

// The change dialog (form, date picker) loads only when asked for: the document page stays light.
const DialogoAlterarPrazo = lazy(async () => ({
  default: (await import('./DialogoAlterarPrazo')).DialogoAlterarPrazo,
}));

/** The unit holding the document, after receiving it, is the one that may change its deadline. */
function detemDocumento(documento: Documento, usuario: Usuario | null): boolean {
  return (
    usuario !== null &&
    (documento.situacao === 'RECEBIDO' || documento.situacao === 'T') &&
    documento.unidadeAtual.id === usuario.configuracoes.idUnidadeAtual
  );
}

/**
 * The "Prazo" block of the document page (issue 20): the deadline of its last live sending with its state, who set it
 * (the sender or the step's default), the scheduled return, and for the holding unit "Alterar prazo".
 */
export function PrazoDocumento({ documento, usuario }: { documento: Documento; usuario: Usuario | null }) {
  const ultima = useUltimaTramitacao(documento.idDocumento);
  useErroConsulta(ultima.error, TEXTOS_PRAZO.erroCarregar);
  const [alterando, setAlterando] = useState(false);
  const tramitacao = ultima.data ?? null;
  const origem = tramitacao ? rotuloOrigemPrazo(tramitacao.origemPrazo, tramitacao.remetente) : null;
  const podeAlterar = tramitacao !== null && detemDocumento(documento, usuario);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="titulo-prazo"
      sx={{ p: { xs: 2, md: 3 } }}
      data-testid="prazo-documento"
    >
      <Typography id="titulo-prazo" component="h2" variant="h6" sx={{ mb: 2 }}>
        Prazo
      </Typography>
      {ultima.isLoading ? <Skeleton variant="rounded" height={40} /> : null}
      {ultima.isSuccess ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box data-testid="selo-prazo-documento">
              <SeloPrazo prazo={tramitacao?.prazo ?? null} />
            </Box>
            {tramitacao?.prazo ? (
              <Typography data-testid="data-prazo-documento">
                {`Prazo: ${formatarData(tramitacao.prazo)}`}
                {tramitacao.prazoAlterado
                  ? ` — alterado por ${tramitacao.prazoAlterado.usuario} em ${formatarDataHora(tramitacao.prazoAlterado.em)}`
                  : origem
                    ? ` — definido por ${origem}`
                    : ''}
                {` (${tramitacao.unidadeDestino.sigla})`}
              </Typography>
            ) : null}
          </Stack>
          {tramitacao?.retornoProgramado ? (
            <Typography data-testid="retorno-programado-documento">
              {`Retorno programado a ${tramitacao.unidadeOrigem.sigla} em ${formatarData(tramitacao.retornoProgramado)}`}
            </Typography>
          ) : null}
          {podeAlterar ? (
            <Box>
              <Button variant="outlined" startIcon={<EditCalendarOutlined />} onClick={() => setAlterando(true)}>
                Alterar prazo
              </Button>
            </Box>
          ) : null}
        </Stack>
      ) : null}
      {alterando && tramitacao ? (
        <Suspense fallback={null}>
          <DialogoAlterarPrazo
            idDocumento={documento.idDocumento}
            numero={documento.numero}
            prazoAtual={tramitacao.prazo}
            retornoProgramado={tramitacao.retornoProgramado}
            aoFechar={() => setAlterando(false)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
