import { MENSAGENS } from '@tramite/shared';
import { sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';

// The indexing's queue (arquivo_indexacao) and pages (arquivo_texto_pagina), migration 0024. A reservation is
// identified by its `tentativas`: every reservation increments it, so a process whose reservation lapsed and was
// taken by another (or reset by a re-indexing) finds its writes refused and stops.

/** How long a reserved file stays with its process without a sign of life. */
const RESERVA_SEGUNDOS = 300;

export interface ArquivoReservado {
  sha256: string;
  tipoMime: string;
  tentativas: number;
  /** Start of this run: pages extracted since then are not read again when the run resumes. */
  iniciadoEm: Date;
  /** The reservation resumed a run a process left unfinished. */
  retomado: boolean;
}

/**
 * Takes the newest queued file no other process holds (a fresh upload goes before a backfill of millions): PENDENTE,
 * or EXTRAINDO whose reservation lapsed (its process died), which resumes the run it left. Undefined: nothing to do.
 */
export async function reservarArquivo(db: Banco): Promise<ArquivoReservado | undefined> {
  const { rows } = await sql<ArquivoReservado>`
    WITH alvo AS (
      SELECT sha256, estado FROM arquivo_indexacao
      WHERE estado IN ('PENDENTE', 'EXTRAINDO') AND (estado = 'PENDENTE' OR bloqueado_ate < now())
      ORDER BY enfileirado_em DESC
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE arquivo_indexacao a SET
      estado = 'EXTRAINDO',
      tentativas = a.tentativas + 1,
      bloqueado_ate = now() + make_interval(secs => ${RESERVA_SEGUNDOS}),
      iniciado_em = CASE WHEN alvo.estado = 'PENDENTE' OR a.iniciado_em IS NULL THEN now() ELSE a.iniciado_em END,
      paginas_feitas = CASE WHEN alvo.estado = 'PENDENTE' THEN 0 ELSE a.paginas_feitas END,
      paginas_ocr = CASE WHEN alvo.estado = 'PENDENTE' THEN 0 ELSE a.paginas_ocr END,
      paginas_falhas = CASE WHEN alvo.estado = 'PENDENTE' THEN 0 ELSE a.paginas_falhas END,
      concluido_em = NULL
    FROM alvo
    WHERE a.sha256 = alvo.sha256
    RETURNING a.sha256, (SELECT tipo_mime FROM arquivo WHERE sha256 = a.sha256) AS "tipoMime", a.tentativas,
      a.iniciado_em AS "iniciadoEm", alvo.estado = 'EXTRAINDO' AS retomado`.execute(db);
  return rows[0];
}

const daReserva = (r: ArquivoReservado) =>
  sql`sha256 = ${r.sha256} AND estado = 'EXTRAINDO' AND tentativas = ${r.tentativas}`;

/** Keeps the reservation alive; false when it is no longer this process's (lapsed and taken, or reset). */
export async function renovarReserva(db: Banco, r: ArquivoReservado): Promise<boolean> {
  const resultado = await sql`UPDATE arquivo_indexacao
    SET bloqueado_ate = now() + make_interval(secs => ${RESERVA_SEGUNDOS}) WHERE ${daReserva(r)}`.execute(db);
  return Number(resultado.numAffectedRows ?? 0) > 0;
}

/** The number of pages of the file, once opened. */
export async function registrarTotalPaginas(db: Banco, r: ArquivoReservado, total: number): Promise<boolean> {
  const resultado = await sql`UPDATE arquivo_indexacao
    SET paginas_total = ${total}, bloqueado_ate = now() + make_interval(secs => ${RESERVA_SEGUNDOS})
    WHERE ${daReserva(r)}`.execute(db);
  return Number(resultado.numAffectedRows ?? 0) > 0;
}

/** Pages of the file already extracted in this run (`extraido_em >= iniciado_em`): a resumed run skips them. */
export async function paginasDestaExecucao(db: Banco, r: ArquivoReservado): Promise<Set<number>> {
  const { rows } = await sql<{ pagina: number }>`
    SELECT pagina FROM arquivo_texto_pagina WHERE sha256 = ${r.sha256} AND extraido_em >= ${r.iniciadoEm}`.execute(db);
  return new Set(rows.map((linha) => Number(linha.pagina)));
}

export interface PaginaExtraida {
  pagina: number;
  texto: string;
  origem: 'T' | 'O';
  falha: string | null;
}

/**
 * Writes one page (replacing the previous run's, which stayed searchable until now) and counts it, in one statement;
 * false when the reservation is no longer this process's (the page is written all the same: same bytes, same text).
 */
export async function gravarPagina(db: Banco, r: ArquivoReservado, p: PaginaExtraida): Promise<boolean> {
  const ocr = p.origem === 'O' && p.falha === null ? 1 : 0;
  const falha = p.falha === null ? 0 : 1;
  const { rows } = await sql<{ sha256: string }>`
    WITH gravada AS (
      INSERT INTO arquivo_texto_pagina (sha256, pagina, texto, origem, falha, extraido_em)
      VALUES (${r.sha256}, ${p.pagina}, ${p.texto}, ${p.origem}, ${p.falha}, now())
      ON CONFLICT (sha256, pagina) DO UPDATE
        SET texto = EXCLUDED.texto, origem = EXCLUDED.origem, falha = EXCLUDED.falha, extraido_em = now()
      RETURNING pagina
    )
    UPDATE arquivo_indexacao SET
      paginas_feitas = paginas_feitas + 1,
      paginas_ocr = paginas_ocr + ${ocr},
      paginas_falhas = paginas_falhas + ${falha},
      bloqueado_ate = now() + make_interval(secs => ${RESERVA_SEGUNDOS})
    WHERE ${daReserva(r)} AND EXISTS (SELECT 1 FROM gravada)
    RETURNING sha256`.execute(db);
  return rows.length > 0;
}

/**
 * The run's end: pages past the total (a previous version of the reading) are deleted, the counters are those of
 * the pages stored, and the file is CONCLUIDO.
 */
export function concluirArquivo(db: Banco, r: ArquivoReservado, total: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const resultado = await sql`
      UPDATE arquivo_indexacao a SET
        estado = 'CONCLUIDO', motivo = NULL, bloqueado_ate = NULL, concluido_em = now(), paginas_total = ${total},
        paginas_feitas = c.feitas, paginas_ocr = c.ocr, paginas_falhas = c.falhas
      FROM (
        SELECT count(*)::int AS feitas,
          (count(*) FILTER (WHERE origem = 'O' AND falha IS NULL))::int AS ocr,
          (count(*) FILTER (WHERE falha IS NOT NULL))::int AS falhas
        FROM arquivo_texto_pagina WHERE sha256 = ${r.sha256} AND pagina <= ${total}
      ) c
      WHERE a.sha256 = ${r.sha256} AND a.estado = 'EXTRAINDO' AND a.tentativas = ${r.tentativas}`.execute(trx);
    if (Number(resultado.numAffectedRows ?? 0) === 0) return false;
    await sql`DELETE FROM arquivo_texto_pagina WHERE sha256 = ${r.sha256} AND pagina > ${total}`.execute(trx);
    return true;
  });
}

/** The file cannot be read (encrypted, corrupt, over the limits, attempts exhausted): never taken again by itself. */
export async function marcarIlegivel(db: Banco, r: ArquivoReservado, motivo: string): Promise<boolean> {
  const resultado = await sql`UPDATE arquivo_indexacao
    SET estado = 'ILEGIVEL', motivo = ${motivo}, bloqueado_ate = NULL, concluido_em = now()
    WHERE ${daReserva(r)}`.execute(db);
  return Number(resultado.numAffectedRows ?? 0) > 0;
}

/**
 * Hands the file back at once, its run kept (the next reservation resumes it). `contarTentativa` false: the failure
 * was not the file's (the pool busy or closing), so the attempt does not count.
 */
export async function devolverArquivo(db: Banco, r: ArquivoReservado, contarTentativa: boolean): Promise<void> {
  await sql`UPDATE arquivo_indexacao
    SET bloqueado_ate = now(), tentativas = tentativas - ${contarTentativa ? 0 : 1}
    WHERE ${daReserva(r)}`.execute(db);
}

/** Re-indexing: the files (every one, or those of the peças of one document) go back to the queue, as new. */
export async function reenfileirar(db: Banco, idDocumento?: number): Promise<number> {
  const filtro =
    idDocumento === undefined
      ? sql`true`
      : sql`sha256 IN (SELECT an.sha256 FROM peca p JOIN anexo an ON an.id = p.id_anexo WHERE p.id_documento = ${idDocumento})`;
  // Files of peças the trigger did not see (none, unless rows were written around it) join the queue too.
  await sql`INSERT INTO arquivo_indexacao (sha256)
    SELECT DISTINCT an.sha256 FROM peca p JOIN anexo an ON an.id = p.id_anexo
    WHERE ${idDocumento === undefined ? sql`true` : sql`p.id_documento = ${idDocumento}`}
    ON CONFLICT (sha256) DO NOTHING`.execute(db);
  const resultado = await sql`UPDATE arquivo_indexacao
    SET estado = 'PENDENTE', tentativas = 0, motivo = NULL, bloqueado_ate = NULL, enfileirado_em = now()
    WHERE ${filtro}`.execute(db);
  return Number(resultado.numAffectedRows ?? 0);
}

/** The document's id, by id or by number (NUP, with or without its punctuation); undefined when none. */
export async function localizarDocumento(db: Banco, idOuNumero: string): Promise<number | undefined> {
  const texto = idOuNumero.trim();
  const digitos = texto.replace(/\D/g, '');
  if (digitos === '') return undefined;
  const porId = /^\d{1,12}$/.test(texto) && digitos.length < 15 ? Number(digitos) : null;
  const linha = await db
    .selectFrom('documento')
    .select('id')
    .where((eb) =>
      porId === null
        ? eb('numeroDigitos', '=', digitos)
        : eb.or([eb('id', '=', porId), eb('numeroDigitos', '=', digitos)]),
    )
    .orderBy(sql`CASE WHEN numero_digitos = ${digitos} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  return linha?.id;
}

export async function documentoExiste(db: Banco, idDocumento: number): Promise<boolean> {
  return (await db.selectFrom('documento').select('id').where('id', '=', idDocumento).executeTakeFirst()) !== undefined;
}

/** The counters of the administration screen. */
export async function contarAndamento(db: Banco) {
  const { rows } = await sql<{
    concluidos: number;
    naFila: number;
    emLeitura: number;
    ilegiveis: number;
    lidas: number;
    porOcr: number;
    comFalha: number;
  }>`
    SELECT
      (count(*) FILTER (WHERE estado = 'CONCLUIDO'))::int AS concluidos,
      (count(*) FILTER (WHERE estado = 'PENDENTE'))::int AS "naFila",
      (count(*) FILTER (WHERE estado = 'EXTRAINDO'))::int AS "emLeitura",
      (count(*) FILTER (WHERE estado = 'ILEGIVEL'))::int AS ilegiveis,
      coalesce(sum(paginas_feitas - paginas_falhas), 0)::int AS lidas,
      coalesce(sum(paginas_ocr), 0)::int AS "porOcr",
      coalesce(sum(paginas_falhas), 0)::int AS "comFalha"
    FROM arquivo_indexacao`.execute(db);
  const { rows: ritmo } = await sql<{ paginas: number }>`
    SELECT count(*)::int AS paginas FROM arquivo_texto_pagina WHERE extraido_em > now() - interval '10 minutes'`.execute(
    db,
  );
  return { ...(rows[0] as (typeof rows)[number]), paginasDezMinutos: Number(ritmo[0]?.paginas ?? 0) };
}

/**
 * The latest unreadable files, each with where one of its peças is (document number and sequence, the peça that
 * came first); never a file name, which could tell what a restricted peça is.
 */
export async function listarIlegiveis(db: Banco, limite: number) {
  const { rows } = await sql<{
    motivo: string | null;
    em: Date | string;
    idDocumento: number | null;
    numeroDocumento: string | null;
    sequencial: number | null;
  }>`
    SELECT a.motivo, coalesce(a.concluido_em, a.enfileirado_em) AS em, l.id_documento AS "idDocumento",
      l.numero AS "numeroDocumento", l.sequencial
    FROM arquivo_indexacao a
    LEFT JOIN LATERAL (
      SELECT p.id_documento, d.numero, p.sequencial
      FROM anexo an JOIN peca p ON p.id_anexo = an.id JOIN documento d ON d.id = p.id_documento
      WHERE an.sha256 = a.sha256
      ORDER BY p.id
      LIMIT 1
    ) l ON true
    WHERE a.estado = 'ILEGIVEL'
    ORDER BY coalesce(a.concluido_em, a.enfileirado_em) DESC, a.sha256
    LIMIT ${limite}`.execute(db);
  return rows.map((linha) => ({
    motivo: linha.motivo ?? MENSAGENS.conteudo.corrompido,
    em: new Date(linha.em).toISOString(),
    idDocumento: linha.idDocumento === null ? null : Number(linha.idDocumento),
    numeroDocumento: linha.numeroDocumento,
    sequencial: linha.sequencial === null ? null : Number(linha.sequencial),
  }));
}
