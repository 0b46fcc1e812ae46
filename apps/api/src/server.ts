import { ErroConfiguracao, lerConfig } from './config.ts';
import { iniciarServidor } from './inicializacao.ts';

const CONTAS_DEMO = [
  ['admin', 'todas as permissões, várias lotações'],
  ['ana', 'Protocolo Central, relatórios'],
  ['bruno', 'outra unidade'],
  ['carla', 'interessada em alguns documentos'],
] as const;

async function main(): Promise<void> {
  const config = lerConfig();
  const servidor = await iniciarServidor(config);
  if (servidor.migracoesAplicadas.length) console.log(`Migrações aplicadas: ${servidor.migracoesAplicadas.join(', ')}`);
  if (servidor.semente?.semeado) console.log('Dados de demonstração criados.');

  let encerrando = false;
  const encerrar = async (sinal: string) => {
    if (encerrando) return;
    encerrando = true;
    servidor.app.log.info(`${sinal} recebido: encerrando`);
    await servidor.fechar();
    process.exit(0);
  };
  process.on('SIGINT', () => void encerrar('SIGINT'));
  process.on('SIGTERM', () => void encerrar('SIGTERM'));

  await servidor.app.listen({ port: config.porta, host: config.host });
  const endereco = servidor.app.server.address();
  const porta = typeof endereco === 'object' && endereco ? endereco.port : config.porta;
  const url = config.urlPublica.replace(/:\d+$/, `:${porta}`);
  const banco = config.banco.tipo === 'pglite' ? `PGlite em ${config.banco.dataDir}` : 'servidor PostgreSQL';
  console.log(`\nTrâmite pronto em ${url}  (banco: ${banco})`);
  if (config.demo) {
    console.log('Contas de demonstração (senha igual ao usuário):');
    for (const [usuario, descricao] of CONTAS_DEMO) console.log(`  ${usuario.padEnd(6)} ${descricao}`);
  }
}

main().catch((erro) => {
  console.error(erro instanceof ErroConfiguracao ? erro.message : erro);
  process.exit(1);
});
