import { Alert } from '@mui/material';
import { MENSAGENS } from '@tramite/shared';
import { mensagemDoErro } from '../lib/api';

interface AvisosDocumentoProps {
  /** The document of the address; null when the address does not name one (nothing is then asked for). */
  idDocumento: number | null;
  /** Why the document could not be loaded, said with the server's message; nothing when it loaded. */
  erro?: unknown;
}

/** What a document's screen says when it has no document: the address names none, or the server refused it. */
export function AvisosDocumento({ idDocumento, erro }: AvisosDocumentoProps) {
  const mensagem = MENSAGENS.autuacao.erroBuscarDadosDocumento;
  if (idDocumento !== null && !erro) return null;
  const recusado = idDocumento !== null;
  return (
    <Alert severity="error" role="status" data-testid={recusado ? 'erro-documento' : undefined}>
      {recusado ? mensagemDoErro(erro, mensagem) : mensagem}
    </Alert>
  );
}
