import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Banco } from './connection.ts';
import * as esquemaInicial from './migrations/0001-esquema-inicial.ts';
import * as consultasAdministracao from './migrations/0003-consultas-administracao.ts';
import * as pecas from './migrations/0004-pecas.ts';
import * as tramitacao from './migrations/0005-tramitacao.ts';
import * as codigoVerificacao from './migrations/0007-codigo-verificacao.ts';
import * as arquivosAssinados from './migrations/0008-arquivos-assinados.ts';
import * as relatorios from './migrations/0010-relatorios.ts';
import * as desempenho from './migrations/0011-desempenho.ts';
import * as seguranca from './migrations/0012-seguranca.ts';
import * as caixaPostalPaginas from './migrations/0013-caixa-postal-paginas.ts';
import * as sessaoOidc from './migrations/0014-sessao-oidc.ts';
import * as limiteTaxa from './migrations/0015-limite-taxa.ts';
import * as consolidacaoAcesso from './migrations/0016-consolidacao-acesso.ts';
import * as esperaLogin from './migrations/0017-espera-login.ts';
import * as auditoriaVocabulario from './migrations/0018-auditoria-vocabulario.ts';
import * as consolidacaoIp from './migrations/0019-consolidacao-ip.ts';
import * as caixaPostalFila from './migrations/0020-caixa-postal-fila.ts';
import * as administracaoUsuarios from './migrations/0021-administracao-usuarios.ts';
import * as prazosCienciaSobrestamento from './migrations/0022-prazos-ciencia-sobrestamento.ts';
import * as prazosIndices from './migrations/0023-prazos-indices.ts';
import * as conteudoPecas from './migrations/0024-conteudo-pecas.ts';
import * as painel from './migrations/0025-painel.ts';
import * as conteudoDocumento from './migrations/0026-conteudo-documento.ts';
import * as tramitaConfiguracao from './migrations/0027-tramita-configuracao.ts';
import * as tramitaMapeamentos from './migrations/0028-tramita-mapeamentos.ts';
import * as conteudoRecentes from './migrations/0029-conteudo-recentes.ts';
import * as tramiteExterno from './migrations/0030-tramite-externo.ts';
import * as pecaTipoDocumento from './migrations/0031-peca-tipo-documento.ts';

/** Listed here rather than read from disk so the same list runs under tsx, in tests and in a bundle. */
const migracoes: Record<string, Migration> = {
  '0001-esquema-inicial': esquemaInicial,
  '0003-consultas-administracao': consultasAdministracao,
  '0004-pecas': pecas,
  '0005-tramitacao': tramitacao,
  '0007-codigo-verificacao': codigoVerificacao,
  '0008-arquivos-assinados': arquivosAssinados,
  '0010-relatorios': relatorios,
  '0011-desempenho': desempenho,
  '0012-seguranca': seguranca,
  '0013-caixa-postal-paginas': caixaPostalPaginas,
  '0014-sessao-oidc': sessaoOidc,
  '0015-limite-taxa': limiteTaxa,
  '0016-consolidacao-acesso': consolidacaoAcesso,
  '0017-espera-login': esperaLogin,
  '0018-auditoria-vocabulario': auditoriaVocabulario,
  '0019-consolidacao-ip': consolidacaoIp,
  '0020-caixa-postal-fila': caixaPostalFila,
  '0021-administracao-usuarios': administracaoUsuarios,
  '0022-prazos-ciencia-sobrestamento': prazosCienciaSobrestamento,
  '0023-prazos-indices': prazosIndices,
  '0024-conteudo-pecas': conteudoPecas,
  '0025-painel': painel,
  '0026-conteudo-documento': conteudoDocumento,
  '0027-tramita-configuracao': tramitaConfiguracao,
  '0028-tramita-mapeamentos': tramitaMapeamentos,
  '0029-conteudo-recentes': conteudoRecentes,
  '0030-tramite-externo': tramiteExterno,
  '0031-peca-tipo-documento': pecaTipoDocumento,
};

const provedor: MigrationProvider = { getMigrations: async () => migracoes };

export async function migrarParaUltima(db: Banco): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: provedor,
    migrationTableName: 'migracao',
    migrationLockTableName: 'migracao_lock',
    // Migrations are written on parallel branches: one numbered before another already applied still runs.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
