import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

/**
 * What must hold in a database and its file store after any crash (issue 12): every tramitação agrees with its
 * document, every stored file row has its bytes, and every file in the store is referenced (temporary files of
 * interrupted uploads, `.tmp-*`, are the only exception). Answers the list of problems found (empty: consistent).
 */
export async function conferirIntegridade(
  url: string,
  arquivosDir: string,
  opcoes: { idDocumentoMinimo?: number } = {},
): Promise<{ problemas: string[]; temporarios: number; arquivos: number; documentos: number }> {
  const problemas: string[] = [];
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const minimo = opcoes.idDocumentoMinimo ?? 0;
    // The last movement of each document decides where it is: pending → ENVIADO, still in the origin unit;
    // received → in the destination unit, no longer ENVIADO. Sequences have no gaps.
    const documentos = (
      await cliente.query(
        `SELECT d.id, d.situacao, d.id_unidade_atual, d.id_unidade_criadora,
                t.sequencia, t.id_unidade_origem, t.id_unidade_destino, t.dt_recebimento IS NOT NULL AS recebida,
                (SELECT count(*) FROM tramitacao x WHERE x.id_documento = d.id)::int AS quantidade
           FROM documento d
           LEFT JOIN LATERAL (SELECT * FROM tramitacao t WHERE t.id_documento = d.id
                               ORDER BY sequencia DESC LIMIT 1) t ON true
          WHERE d.id >= $1 AND d.id_documento_agregador IS NULL`,
        [minimo],
      )
    ).rows;
    for (const d of documentos) {
      const rotulo = `documento ${d.id}`;
      if (d.sequencia === null) {
        if (d.situacao !== 'EM_CRIACAO' || d.id_unidade_atual !== d.id_unidade_criadora) {
          problemas.push(`${rotulo}: sem tramitação mas ${d.situacao} na unidade ${d.id_unidade_atual}`);
        }
        continue;
      }
      if (d.quantidade !== d.sequencia) problemas.push(`${rotulo}: ${d.quantidade} tramitações até a ${d.sequencia}`);
      if (!d.recebida && (d.situacao !== 'ENVIADO' || d.id_unidade_atual !== d.id_unidade_origem)) {
        problemas.push(`${rotulo}: tramitação pendente mas ${d.situacao} na unidade ${d.id_unidade_atual}`);
      }
      if (d.recebida && (d.situacao === 'ENVIADO' || d.id_unidade_atual !== d.id_unidade_destino)) {
        problemas.push(`${rotulo}: tramitação recebida mas ${d.situacao} na unidade ${d.id_unidade_atual}`);
      }
    }

    const linhas = new Map<string, number>();
    for (const r of (await cliente.query('SELECT sha256, tamanho FROM arquivo')).rows) {
      linhas.set(r.sha256, Number(r.tamanho));
    }
    const noDisco = new Map<string, number>();
    let temporarios = 0;
    const percorrer = async (pasta: string): Promise<void> => {
      const entradas = await readdir(pasta, { withFileTypes: true }).catch(() => []);
      for (const entrada of entradas) {
        const caminho = join(pasta, entrada.name);
        if (entrada.isDirectory()) await percorrer(caminho);
        else if (entrada.name.startsWith('.tmp-')) temporarios++;
        else noDisco.set(entrada.name, (await stat(caminho)).size);
      }
    };
    await percorrer(arquivosDir);
    for (const [sha256, tamanho] of linhas) {
      const presente = noDisco.get(sha256);
      if (presente === undefined) problemas.push(`arquivo ${sha256} sem o conteúdo no disco`);
      else if (presente !== tamanho)
        problemas.push(`arquivo ${sha256}: ${presente} bytes no disco, ${tamanho} no banco`);
    }
    for (const sha256 of noDisco.keys()) {
      if (!linhas.has(sha256)) problemas.push(`arquivo ${sha256} no disco sem linha no banco`);
    }
    return { problemas, temporarios, arquivos: noDisco.size, documentos: documentos.length };
  } finally {
    await cliente.end();
  }
}
