import { buildApp } from './app.ts';
import { ErroConfiguracao, lerConfig } from './config.ts';
import { abrirBanco } from './db/connection.ts';
import { migrarParaUltima } from './db/migrator.ts';
import { semearDemo } from './db/seed/index.ts';
import { ArmazenamentoArquivos } from './platform/armazenamento.ts';

const CONTAS_DEMO = [
  ['admin', 'todas as permissões, várias lotações'],
  ['ana', 'Protocolo Central'],
  ['bruno', 'outra unidade'],
  ['carla', 'interessada em alguns documentos'],
] as const;

async function main(): Promise<void> {
  const config = lerConfig();
  const conexao = await abrirBanco(config.banco);
  const aplicadas = await migrarParaUltima(conexao.db);
  if (aplicadas.length) console.log(`Migrações aplicadas: ${aplicadas.join(', ')}`);

  const armazenamento = new ArmazenamentoArquivos(config.arquivosDir);
  let demo = false;
  if (config.demo) {
    const resumo = await semearDemo(conexao.db, { armazenamento, nupFormato: config.nupFormato });
    demo = true;
    if (resumo.semeado) console.log('Dados de demonstração criados.');
  }

  const app = await buildApp({ db: conexao.db, config, armazenamento });
  let encerrando = false;
  const encerrar = async (sinal: string) => {
    if (encerrando) return;
    encerrando = true;
    app.log.info(`${sinal} recebido: encerrando`);
    await app.close();
    await conexao.fechar();
    process.exit(0);
  };
  process.on('SIGINT', () => void encerrar('SIGINT'));
  process.on('SIGTERM', () => void encerrar('SIGTERM'));

  await app.listen({ port: config.porta, host: config.host });
  const endereco = app.server.address();
  const porta = typeof endereco === 'object' && endereco ? endereco.port : config.porta;
  const url = config.urlPublica.replace(/:\d+$/, `:${porta}`);
  const banco = config.banco.tipo === 'pglite' ? `PGlite em ${config.banco.dataDir}` : 'servidor PostgreSQL';
  console.log(`\nTrâmite pronto em ${url}  (banco: ${banco})`);
  if (demo) {
    console.log('Contas de demonstração (senha igual ao usuário):');
    for (const [usuario, descricao] of CONTAS_DEMO) console.log(`  ${usuario.padEnd(6)} ${descricao}`);
  }
}

main().catch((erro) => {
  console.error(erro instanceof ErroConfiguracao ? erro.message : erro);
  process.exit(1);
});
