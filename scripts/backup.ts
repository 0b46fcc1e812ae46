// npm run backup [-- --destino <pasta>]: copies the database and the file store of the configured DATA_DIR
// (or DATABASE_URL) into a new timestamped folder. With the embedded database the server must be stopped.
// See docs/operacao.md.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ErroConfiguracao, lerConfig } from '../apps/api/src/config.ts';
import { caminhoParaMensagem, ErroCopia, fazerCopia } from '../apps/api/src/operations/copia-seguranca.ts';

const { values } = parseArgs({ options: { destino: { type: 'string' } } });

try {
  const config = lerConfig();
  const destino = resolve(values.destino ?? process.env.BACKUP_DIR ?? 'backups');
  const { pasta, manifesto } = await fazerCopia(config, destino);
  const mb = (manifesto.arquivos.bytes / 1024 / 1024).toFixed(1);
  console.log(`Cópia de segurança criada em ${caminhoParaMensagem(pasta)}`);
  console.log(`  banco: ${manifesto.banco} (${manifesto.arquivoBanco}), ${manifesto.migracoes.length} migrações`);
  console.log(`  arquivos: ${manifesto.arquivos.quantidade} (${mb} MB)`);
} catch (erro) {
  if (erro instanceof ErroCopia || erro instanceof ErroConfiguracao) {
    console.error(`Cópia não feita: ${erro.message}`);
  } else {
    console.error(erro);
  }
  process.exitCode = 1;
}
