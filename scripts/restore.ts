// npm run restore -- <pasta da cópia>: restores a backup made by `npm run backup` into the configured, empty
// DATA_DIR (or the empty database of DATABASE_URL). See docs/operacao.md.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ErroConfiguracao, lerConfig } from '../apps/api/src/config.ts';
import { caminhoParaMensagem, ErroCopia, restaurarCopia } from '../apps/api/src/operations/copia-seguranca.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const pasta = positionals[0];

if (!pasta) {
  console.error('Uso: npm run restore -- <pasta da cópia>   (com DATA_DIR e, se for o caso, DATABASE_URL do destino)');
  process.exitCode = 2;
} else {
  try {
    const config = lerConfig();
    const manifesto = await restaurarCopia(resolve(pasta), config);
    const destino = config.banco.tipo === 'pglite' ? caminhoParaMensagem(config.dataDir) : 'o banco de DATABASE_URL';
    console.log(`Cópia de ${manifesto.criadaEm} restaurada em ${destino}`);
    console.log(`  arquivos: ${manifesto.arquivos.quantidade}; migrações: ${manifesto.migracoes.length}`);
  } catch (erro) {
    if (erro instanceof ErroCopia || erro instanceof ErroConfiguracao) {
      console.error(`Restauração não feita: ${erro.message}`);
    } else {
      console.error(erro);
    }
    process.exitCode = 1;
  }
}
