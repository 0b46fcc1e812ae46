import { type Documento, motivoSemAlteracaoPecas, type Usuario } from '@tramite/shared';

/**
 * Why the user's current unit may not add or change the document's peças now (DOMAIN.md), null when it may, and
 * undefined while the document or the user is not known.
 */
export function motivoSemAlteracao(
  documento: Documento | undefined,
  usuario: Usuario | null,
): string | null | undefined {
  if (!documento || !usuario) return undefined;
  return motivoSemAlteracaoPecas(
    {
      situacao: documento.situacao,
      idUnidadeAtual: documento.unidadeAtual.id,
      estadoProcessamento: documento.estado['2001'],
    },
    usuario.configuracoes.idUnidadeAtual,
  );
}
