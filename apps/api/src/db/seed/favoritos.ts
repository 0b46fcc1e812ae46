import { LIMITE_BUSCA_ARQUIVOS_ASSINADOS } from '@tramite/shared';
import type { Insertable } from 'kysely';
import type { ArquivoAssinadoTable, FavoritoTable, MarcadorTable } from '../schema.ts';
import type { Rotulo } from './cenarios.ts';
import type { DocumentoPlano } from './documentos.ts';
import type { PecaPlano } from './pecas.ts';
import { MINUTOS_DIA_UTIL, type RelogioExpediente } from './relogio.ts';
import { usuario } from './usuarios.ts';
import { TIPOS_ASSINATURA } from './vocabulario.ts';

interface Escolha {
  rotulo: Rotulo | 'arquivado';
  posicao: number;
  email: boolean;
  marcadores: string[];
}

const FAVORITOS: Record<'admin' | 'ana', Escolha[]> = {
  admin: [
    { rotulo: 'recebidosProtocolo', posicao: 0, email: true, marcadores: ['urgente'] },
    { rotulo: 'recebidosProtocolo', posicao: 1, email: false, marcadores: ['aguardando resposta'] },
    { rotulo: 'muitasTramitacoes', posicao: 0, email: true, marcadores: ['licitação', 'conferir documentação'] },
    { rotulo: 'recebidosUnidadeBruno', posicao: 0, email: false, marcadores: [] },
    { rotulo: 'pendentesProtocolo', posicao: 0, email: false, marcadores: ['urgente'] },
    { rotulo: 'arquivado', posicao: 0, email: false, marcadores: [] },
  ],
  ana: [
    { rotulo: 'recebidosProtocolo', posicao: 2, email: true, marcadores: ['conferir documentação'] },
    { rotulo: 'recebidosProtocolo', posicao: 3, email: false, marcadores: ['prazo LAI', 'pendente de assinatura'] },
    { rotulo: 'pendentesProtocolo', posicao: 1, email: true, marcadores: [] },
    { rotulo: 'tipo571ComPecas', posicao: 0, email: false, marcadores: ['pendente de assinatura'] },
    { rotulo: 'enviadosPeloProtocolo', posicao: 0, email: true, marcadores: ['aguardando resposta'] },
  ],
};

export function linhasFavoritos(
  documentos: readonly DocumentoPlano[],
  relogio: RelogioExpediente,
): { favoritos: Insertable<FavoritoTable>[]; marcadores: Insertable<MarcadorTable>[] } {
  const favoritos: Insertable<FavoritoTable>[] = [];
  const marcadores: Insertable<MarcadorTable>[] = [];
  for (const [username, escolhas] of Object.entries(FAVORITOS)) {
    const idUsuario = usuario(username).id;
    for (const escolha of escolhas) {
      const candidatos =
        escolha.rotulo === 'arquivado'
          ? documentos.filter((d) => d.desfecho === 'ARQUIVADO')
          : documentos.filter((d) => d.rotulos.includes(escolha.rotulo));
      const documento = candidatos[escolha.posicao];
      if (!documento || favoritos.some((f) => f.idUsuario === idUsuario && f.idDocumento === documento.id)) continue;
      const t = documento.tCriacao + (relogio.agoraMin - documento.tCriacao) * 0.5;
      favoritos.push({
        idUsuario,
        idDocumento: documento.id,
        acompanhadoPorEmail: escolha.email,
        criadoEm: relogio.paraData(t),
      });
      for (const marcador of escolha.marcadores) marcadores.push({ idUsuario, idDocumento: documento.id, marcador });
    }
  }
  return { favoritos, marcadores };
}

export interface AssinaturaDemo {
  username: 'admin' | 'ana' | 'luciana';
  arquivo: 'oficio' | 'declaracao' | 'despacho' | 'requerimento';
  idTipoAssinatura: number;
  excluido: boolean;
  vincular: boolean;
  diasAtras: number;
  /** A batch: this many files of the same signed content, one a minute apart (default 1). */
  quantidade?: number;
}

export const ASSINATURAS: readonly AssinaturaDemo[] = [
  { username: 'admin', arquivo: 'oficio', idTipoAssinatura: 1, excluido: false, vincular: true, diasAtras: 3 },
  { username: 'admin', arquivo: 'declaracao', idTipoAssinatura: 2, excluido: false, vincular: false, diasAtras: 12 },
  { username: 'admin', arquivo: 'despacho', idTipoAssinatura: 3, excluido: true, vincular: false, diasAtras: 40 },
  { username: 'ana', arquivo: 'requerimento', idTipoAssinatura: 2, excluido: false, vincular: false, diasAtras: 1 },
  // The personnel office signs declarations in batches: more than the search's limit (spec §9), so Luciana's list
  // stops at exactly 50 and warns.
  {
    username: 'luciana',
    arquivo: 'declaracao',
    idTipoAssinatura: 2,
    excluido: false,
    vincular: false,
    diasAtras: 2,
    quantidade: LIMITE_BUSCA_ARQUIVOS_ASSINADOS + 6,
  },
];

const NOMES_ORIGINAIS: Record<AssinaturaDemo['arquivo'], string> = {
  oficio: 'oficio-123-GR.pdf',
  declaracao: 'declaracao-vinculo.pdf',
  despacho: 'despacho-chefia.pdf',
  requerimento: 'requerimento-trancamento.pdf',
};

export function descricaoAssinatura(idTipo: number): string {
  return String(TIPOS_ASSINATURA.find((t) => t.id === idTipo)?.descricao ?? '');
}

export function linhasArquivosAssinados(
  assinados: readonly { assinatura: AssinaturaDemo; sha256: string; sha256Original: string }[],
  pecas: readonly PecaPlano[],
  relogio: RelogioExpediente,
): Insertable<ArquivoAssinadoTable>[] {
  let id = 0;
  return assinados.flatMap(({ assinatura, sha256, sha256Original }) => {
    const assinante = usuario(assinatura.username);
    const peca = assinatura.vincular
      ? pecas.find((p) => p.arquivo === assinatura.arquivo && p.cancelamento === null)
      : undefined;
    const quantidade = assinatura.quantidade ?? 1;
    return Array.from({ length: quantidade }, (_, n) => {
      const t = relogio.agoraMin - assinatura.diasAtras * MINUTOS_DIA_UTIL - n;
      id += 1;
      return {
        id,
        idUsuario: assinante.id,
        nomeOriginal:
          quantidade === 1
            ? NOMES_ORIGINAIS[assinatura.arquivo]
            : NOMES_ORIGINAIS[assinatura.arquivo].replace('.pdf', `-${String(n + 1).padStart(3, '0')}.pdf`),
        sha256,
        sha256Original,
        idTipoAssinatura: assinatura.idTipoAssinatura,
        tipoAssinatura: descricaoAssinatura(assinatura.idTipoAssinatura),
        matrSiape: assinante.matriculaSiape,
        assinadoEm: relogio.paraData(t),
        idDocumentoVinculado: peca ? peca.documento.id : null,
        idPecaVinculada: peca ? peca.id : null,
        excluidoEm: assinatura.excluido ? relogio.paraData(t + 0.5 * MINUTOS_DIA_UTIL) : null,
      };
    });
  });
}
