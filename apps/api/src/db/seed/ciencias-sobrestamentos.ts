import { dataEmSaoPaulo, somarDias } from '@tramite/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/** The units of the users the end-to-end specs log in as: their boxes are left as the other seeds made them. */
const USUARIOS_DOS_TESTES = ['admin', 'ana', 'joao', 'bruno', 'carla', 'luciana', 'paulo', 'roberto'];

interface Candidato {
  id: number;
  idUnidade: number;
  idUsuario: number;
  recebidoEm: Date;
}

const HORA_MS = 3_600_000;

/**
 * Ciências and sobrestamentos on the demo (issue 20), after the movements: processes received and in progress
 * (short histories, outside the units the end-to-end specs use) are suspended in every state (in force without a
 * date, in force until a date, lifted by hand with a reason, lifted on their date), and a few documents have
 * ciências of several users, with and without a note. Every event falls after the document's last receipt and
 * before `agora`. Answers the rows written per table.
 */
export async function semearCienciasSobrestamentos(
  trx: Kysely<Database>,
  agora: Date,
): Promise<Record<string, number>> {
  const hoje = dataEmSaoPaulo(agora);
  const limite = new Date(agora.getTime() - 6 * 24 * HORA_MS);
  const { rows } = await sql<Candidato>`
    SELECT d.id, d.id_unidade_atual AS "idUnidade", t.id_usuario_recebedor AS "idUsuario", t.dt_recebimento AS "recebidoEm"
    FROM documento d
    JOIN tipo_documento td ON td.id = d.id_tipo_documento AND td.processo
    JOIN tramitacao t ON t.id_documento = d.id AND t.dt_cancelamento IS NULL
      AND t.sequencia = (SELECT max(x.sequencia) FROM tramitacao x WHERE x.id_documento = d.id)
    WHERE d.situacao = 'RECEBIDO' AND d.estado_processamento = 1 AND d.id_documento_agregador IS NULL
      AND t.dt_recebimento < ${limite} AND t.id_usuario_recebedor IS NOT NULL AND t.id_tramitacao_principal IS NULL
      AND (SELECT count(*) FROM tramitacao c WHERE c.id_documento = d.id) < 8
      AND d.id_unidade_atual NOT IN (
        SELECT l.id_unidade FROM lotacao l JOIN usuario u ON u.id = l.id_usuario
        WHERE u.username IN (${sql.join(USUARIOS_DOS_TESTES)}))
    ORDER BY d.id
    LIMIT 10`.execute(trx);

  const antes = (horas: number) => new Date(agora.getTime() - horas * HORA_MS);
  const sobrestamentos: {
    idDocumento: number;
    idUnidade: number;
    idUsuario: number;
    motivo: string;
    em: Date;
    levantarEm: string | null;
    estadoAnterior: number;
    levantadoEm: Date | null;
    idUsuarioLevantamento: number | null;
    motivoLevantamento: string | null;
  }[] = [];
  const estados = [
    { motivo: 'Aguardando parecer da Procuradoria Federal', levantarEm: null, levantado: null },
    { motivo: 'Aguardando a disponibilidade orçamentária do próximo exercício', levantarEm: somarDias(hoje, 30) },
    { motivo: 'Aguardando a manifestação do interessado', levantado: { horas: 24, motivo: 'O interessado respondeu' } },
    { motivo: 'Suspenso até o fim do recesso', levantado: { horas: 30, motivo: null } },
  ] as const;
  rows.slice(0, estados.length).forEach((d, i) => {
    const estado = estados[i];
    if (!estado) return;
    const levantado = 'levantado' in estado ? estado.levantado : null;
    sobrestamentos.push({
      idDocumento: d.id,
      idUnidade: d.idUnidade,
      idUsuario: d.idUsuario,
      motivo: estado.motivo,
      em: antes(72),
      levantarEm:
        'levantarEm' in estado
          ? estado.levantarEm
          : levantado?.motivo === null
            ? dataEmSaoPaulo(antes(levantado.horas))
            : null,
      estadoAnterior: 1,
      levantadoEm: levantado ? antes(levantado.horas) : null,
      // Lifted on its date: nobody lifted it.
      idUsuarioLevantamento: levantado && levantado.motivo !== null ? d.idUsuario : null,
      motivoLevantamento: levantado?.motivo ?? null,
    });
  });
  if (sobrestamentos.length > 0) await trx.insertInto('sobrestamento').values(sobrestamentos).execute();
  const emVigor = sobrestamentos.filter((s) => s.levantadoEm === null).map((s) => s.idDocumento);
  if (emVigor.length > 0) {
    await trx.updateTable('documento').set({ estadoProcessamento: 5 }).where('id', 'in', emVigor).execute();
  }

  // Ciências: the holder's user, then users of other units, on the documents after the suspended ones.
  const { rows: leitores } = await sql<{ id: number; idUnidade: number }>`
    SELECT u.id, min(l.id_unidade) AS "idUnidade" FROM usuario u JOIN lotacao l ON l.id_usuario = u.id
    WHERE u.username IN ('fernanda', 'renata', 'thiago', 'marcos', 'camila')
    GROUP BY u.id ORDER BY u.id`.execute(trx);
  const notas = ['Ciente. Acompanharemos o andamento.', null, 'De acordo com o encaminhamento proposto.', null];
  const ciencias: { idDocumento: number; idUsuario: number; idUnidade: number; observacao: string | null; em: Date }[] =
    [];
  for (const [i, d] of [...rows.slice(0, 2), ...rows.slice(estados.length)].entries()) {
    ciencias.push({
      idDocumento: d.id,
      idUsuario: d.idUsuario,
      idUnidade: d.idUnidade,
      observacao: null,
      em: antes(96),
    });
    for (const [j, leitor] of leitores.entries()) {
      if ((i + j) % 2 === 1 || leitor.id === d.idUsuario) continue;
      ciencias.push({
        idDocumento: d.id,
        idUsuario: leitor.id,
        idUnidade: leitor.idUnidade,
        observacao: notas[(i + j) % notas.length] ?? null,
        em: antes(48 - j),
      });
    }
  }
  if (ciencias.length > 0) await trx.insertInto('ciencia').values(ciencias).execute();
  return { sobrestamento: sobrestamentos.length, ciencia: ciencias.length };
}
