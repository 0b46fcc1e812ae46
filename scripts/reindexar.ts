// npm run reindexar [-- --documento <id ou NUP>]: puts the files of every peça (or of one document's peças) back in
// the indexing queue of the configured database (DATA_DIR or DATABASE_URL); the running servers read them again in
// the background. With the embedded database the server must be stopped: the next start does the reading.
// See README and docs/domain.md ("Indexação").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ErroConfiguracao, lerConfig } from '../apps/api/src/config.ts';
import { abrirBanco } from '../apps/api/src/db/connection.ts';
import { reindexarPorComando } from '../apps/api/src/features/conteudo/administracao.ts';

const { values } = parseArgs({ options: { documento: { type: 'string' } } });

try {
  const config = lerConfig();
  if (
    config.banco.tipo === 'pglite' &&
    config.banco.dataDir &&
    existsSync(join(config.banco.dataDir, 'postmaster.pid'))
  ) {
    throw new ErroConfiguracao(
      `O banco embutido em ${config.banco.dataDir} está aberto (postmaster.pid): pare o servidor do Trâmite antes.`,
    );
  }
  const conexao = await abrirBanco(config.banco);
  try {
    const { arquivos, numeroDocumento } = await reindexarPorComando(conexao.db, values.documento);
    const onde = numeroDocumento ? ` do documento ${numeroDocumento}` : '';
    console.log(
      `${arquivos} ${arquivos === 1 ? 'arquivo voltou' : 'arquivos voltaram'} para a fila de indexação${onde}; ` +
        'o servidor em execução faz a leitura em segundo plano.',
    );
  } finally {
    await conexao.fechar();
  }
} catch (erro) {
  if (erro instanceof ErroConfiguracao || (erro instanceof Error && erro.name === 'ErroReindexacao')) {
    console.error(`Reindexação não pedida: ${erro.message}`);
  } else {
    console.error(erro);
  }
  process.exitCode = 1;
}
