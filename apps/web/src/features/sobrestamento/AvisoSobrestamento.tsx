import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { type Documento, impedimentoLevantamento, type Sobrestamento } from '@tramite/shared';
import { lazy, useState } from 'react';
import { SobDemanda } from '../../components/SobDemanda';
import { formatarDataHora } from '../../lib/formatacao';
import { useSobrestamento } from './consultas';
import { documentoSobrestavel } from './regras';
import { TEXTOS_SOBRESTAMENTO as T } from './textos';

// The lifting form (react-hook-form, zod) loads when first opened (issue 23).
const DialogoLevantarSobrestamento = lazy(async () => ({
  default: (await import('./DialogoLevantarSobrestamento')).DialogoLevantarSobrestamento,
}));

/**
 * The document page's banner while the document is suspended: the reason, until when, and for the holding unit the
 * "Levantar sobrestamento" button.
 */
export function AvisoSobrestamento({
  documento,
  idUnidadeUsuario,
}: {
  documento: Documento;
  /** The user's current unit; null for anonymous readers. */
  idUnidadeUsuario: number | null;
}) {
  const situacao = useSobrestamento(documento.idDocumento);
  const [levantando, setLevantando] = useState(false);
  const vigente = situacao.data?.vigente ?? null;
  if (!vigente) return null;
  const podeLevantar =
    idUnidadeUsuario !== null &&
    impedimentoLevantamento(documentoSobrestavel(documento, true), true, idUnidadeUsuario) === null;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      data-testid="aviso-sobrestamento"
      action={
        podeLevantar ? (
          <Button color="inherit" variant="outlined" size="small" onClick={() => setLevantando(true)}>
            {T.tituloLevantar}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{T.aviso(vigente.levantarEm)}</AlertTitle>
      <Detalhes vigente={vigente} />
      <SobDemanda aberto={levantando}>
        <DialogoLevantarSobrestamento
          aberto={levantando}
          idDocumento={documento.idDocumento}
          aoFechar={() => setLevantando(false)}
        />
      </SobDemanda>
    </Alert>
  );
}

function Detalhes({ vigente }: { vigente: Sobrestamento }) {
  return (
    <>
      <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap' }} data-testid="motivo-sobrestamento">
        {vigente.motivo !== null ? `Motivo: ${vigente.motivo}` : T.motivoRestrito}
      </Box>
      <Box component="p" sx={{ m: 0 }}>
        {T.desde(formatarDataHora(vigente.em), vigente.unidade.sigla, vigente.usuario)}
      </Box>
    </>
  );
}
